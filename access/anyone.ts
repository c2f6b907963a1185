import type { Access } from 'payload'

/** Open to every caller, anonymous included: for what the public catalogue shows. */
export const anyone: Access = () => true
