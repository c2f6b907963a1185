import * as migration_20261121_065433_initial from './20261121_065433_initial';

export const migrations = [
  {
    up: migration_20261121_065433_initial.up,
    down: migration_20261121_065433_initial.down,
    name: '20261121_065433_initial'
  },
];
