// The access matrix (tests/helpers/access-matrix.ts) for the people part of the collections.
import { describeAccessMatrix } from '../helpers/access-matrix'

describeAccessMatrix('people')
