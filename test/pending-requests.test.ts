// The runtime's table of pending requests (lib/addon/pending-requests.ts): ids in sequence land in
// slots, an id whose slot is taken by a request still pending goes on the side, and a closed
// client's requests come back in the order they were made (they are rejected in that order).
import { describe, expect, it } from 'vitest';

import { PendingRequests } from '../dist/addon/pending-requests.js';

interface Request {
  client: number;
  name: string;
}

describe('pending requests', () => {
  it('finds, replaces and forgets requests by id, in slots and on the side', () => {
    const table = new PendingRequests<Request>();
    for (let id = 1; id <= 3000; id++) table.set(id, { client: id % 3, name: `r${id}` });
    // 3,000 pending at once: most ids found their slot taken (1,024 slots) and went on the side.
    for (let id = 1; id <= 3000; id++) expect(table.get(id)?.name).toBe(`r${id}`);
    expect(table.get(3001)).toBeUndefined();
    for (let id = 1; id <= 3000; id += 2) table.delete(id);
    for (let id = 1; id <= 3000; id++) expect(table.get(id)?.name).toBe(id % 2 === 0 ? `r${id}` : undefined);
    // A slot freed is used again; the one on the side with the same slot is still found.
    table.set(1 + 1024 * 4, { client: 9, name: 'again' });
    expect(table.get(1 + 1024 * 4)?.name).toBe('again');
    expect(table.get(2 + 1024)?.name).toBe(`r${2 + 1024}`);
    table.delete(1 + 1024 * 4);
    expect(table.get(1 + 1024 * 4)).toBeUndefined();
  });

  it("gives a client's requests in the order they were added, whichever slot or side they sit in", () => {
    const table = new PendingRequests<Request>();
    // A slow request of client 7 (id 5), then 2,000 quick ones of client 1 that come and go, with
    // client 7's next requests made among them: their ids wrap around the slots.
    table.set(5, { client: 7, name: 'first' });
    const names: string[] = ['first'];
    for (let id = 6; id <= 2005; id++) {
      table.set(id, { client: 1, name: `quick ${id}` });
      if (id % 500 === 0 || id === 5 + 1024) {
        table.set(id + 100_000, { client: 7, name: `slow ${id}` });
        names.push(`slow ${id}`);
      }
      table.delete(id);
    }
    // (The quick request 1,029 found slot 5 taken by the first one and went on the side.) Client
    // 7's requests sit in slots out of their order (5, then 148, 648, 677, 124, 624).
    expect(table.ofClient(7).map(([, request]) => request.name)).toEqual(names);
    expect(table.ofClient(7).map(([id]) => id)).toEqual([5, ...names.slice(1).map((name) => Number(name.split(' ')[1]) + 100_000)]);
    expect(table.ofClient(1)).toEqual([]);
  });
});
