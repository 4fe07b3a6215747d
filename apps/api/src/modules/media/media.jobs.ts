import { buffer } from 'node:stream/consumers';
import { systemContext } from '../../lib/context.ts';
import { type JobDeps, type ModuleJobs, scheduleJob } from '../../lib/jobs.ts';
import { listTenants } from '../tenants/index.ts';
import { centreColourOf } from './media.images.ts';
import { findPicturesWithoutColour, setPictureColour } from './media.repository.ts';

/** Pictures read per shop and statement: a pass goes on until none is left. */
const BATCH = 50;

/** The bytes of a stored file; null when there is none. */
async function readStored(deps: JobDeps, key: string): Promise<Buffer | null> {
  const stored = await deps.media.get(key);
  return stored ? buffer(stored.body) : null;
}

/**
 * Reads the centre colour of every shop's pictures stored before it was read on upload: their full file, decoded once.
 * A file that is missing or cannot be decoded gets '' (no colour), so that no pass reads it again.
 */
export async function fillPictureColours(deps: JobDeps): Promise<{ read: number }> {
  let read = 0;
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'media-colours');
    let readHere = 0;
    for (;;) {
      const pictures = await findPicturesWithoutColour(ctx.scope, BATCH);
      for (const picture of pictures) {
        const bytes = await readStored(deps, picture.imageKey).catch(() => null);
        await setPictureColour(ctx.scope, picture.id, bytes ? await centreColourOf(bytes) : '');
        readHere += 1;
      }
      if (pictures.length < BATCH) break;
    }
    // The cards' pages kept before show the colours now.
    if (readHere > 0) {
      await deps.events.publish([{ name: 'shop.changed', payload: { tenantId: tenant.id, entity: 'picture_colour' } }]);
    }
    read += readHere;
  }
  return { read };
}

/** The media module's recurring job (`MEDIA_COLOUR_INTERVAL_SECONDS`): the colours of pictures stored before. */
export const mediaJobs: ModuleJobs = (deps, log) => {
  const seconds = deps.config.MEDIA_COLOUR_INTERVAL_SECONDS;
  if (seconds <= 0) return [];
  return [
    scheduleJob({
      name: 'picture colours',
      intervalMs: seconds * 1000,
      run: () => fillPictureColours(deps),
      report: (pass) => (pass.read > 0 ? pass : null),
      log,
    }),
  ];
};
