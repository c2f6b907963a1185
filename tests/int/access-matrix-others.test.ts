// The access matrix (tests/helpers/access-matrix.ts) for the others part of the collections.
import { describeAccessMatrix } from '../helpers/access-matrix'

describeAccessMatrix('others')
