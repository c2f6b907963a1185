import * as migration_20261121_065433_initial from './20261121_065433_initial';
import * as migration_20261123_181126_service_media from './20261123_181126_service_media';

export const migrations = [
  {
    up: migration_20261121_065433_initial.up,
    down: migration_20261121_065433_initial.down,
    name: '20261121_065433_initial',
  },
  {
    up: migration_20261123_181126_service_media.up,
    down: migration_20261123_181126_service_media.down,
    name: '20261123_181126_service_media'
  },
];
