// The access matrix (tests/helpers/access-matrix.ts) for the moderation part of the collections.
import { describeAccessMatrix } from '../helpers/access-matrix'

describeAccessMatrix('moderation')
