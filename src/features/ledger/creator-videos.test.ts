import { describe, expect, it } from 'vitest';
import { asRows, freshDb } from '../../db/test-db.ts';
import { readCreatorVideos } from './creator-videos.ts';

describe("a creator's videos from the mirror", () => {
  it("reads their handle's records in their country, newest post first, as the server lists them", async () => {
    const db = await freshDb();
    await db.contents.bulkPut(
      asRows('contents', [
        { id: 1, version: 1, country: 'US', handle: 'anna', creator_id: 0, post_time: 100 },
        { id: 2, version: 1, country: 'US', handle: 'anna', creator_id: 7, post_time: 300 },
        { id: 3, version: 1, country: 'US', handle: 'anna', creator_id: 7, post_time: 300 },
        { id: 4, version: 1, country: 'GB', handle: 'anna', creator_id: 9, post_time: 500 },
        { id: 5, version: 1, country: 'US', handle: 'annab', creator_id: 8, post_time: 400 },
      ]),
    );
    // A record made before the creator was added (creator_id 0) is theirs too; ties by id, newest first.
    expect((await readCreatorVideos(db, 'US', 'Anna')).map((r) => r.id)).toEqual([3, 2, 1]);
    expect((await readCreatorVideos(db, 'GB', 'anna')).map((r) => r.id)).toEqual([4]);
    expect(await readCreatorVideos(db, 'US', 'nobody')).toEqual([]);
  });
});
