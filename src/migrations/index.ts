import * as migration_20261121_054441_initial from './20261121_054441_initial';

export const migrations = [
  {
    up: migration_20261121_054441_initial.up,
    down: migration_20261121_054441_initial.down,
    name: '20261121_054441_initial'
  },
];
