import * as migration_20261121_052640_initial from './20261121_052640_initial';

export const migrations = [
  {
    up: migration_20261121_052640_initial.up,
    down: migration_20261121_052640_initial.down,
    name: '20261121_052640_initial'
  },
];
