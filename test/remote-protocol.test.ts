// The remote link's framing (lib/remote/protocol.ts; our protocol, docs/served-simulator-and-cli.md):
// JSON text, where undefined, a bigint and an Int16Array cross as one-key marker objects. A frame
// with none of them is written and read without the replacer and reviver (they cost a call per
// value); these cases hold the two paths to the same results.
import { describe, expect, it } from 'vitest';

import { decodeFrame, encodeFrame } from '../dist/remote/protocol.js';

type Reply = { t: 'reply'; seq: number; value?: unknown };
const reply = (value: unknown): Reply => ({ t: 'reply', seq: 7, value });
const roundTrip = (value: unknown): unknown => decodeFrame<Reply>(encodeFrame(reply(value)), ['reply']).value;

describe('remote frames', () => {
  it('writes a frame of plain JSON values exactly as JSON.stringify does', () => {
    const lobby = { id: '1576019516566142979', metadata: { a: 'b' }, members: [{ id: '1', connected: true, user: null }], callInfo: null };
    expect(encodeFrame(reply(lobby))).toBe(JSON.stringify(reply(lobby)));
    expect(roundTrip(lobby)).toEqual(lobby);
  });

  it('carries undefined, bigints and Int16Arrays at any depth, and in arrays', () => {
    const samples = new Int16Array([1, -2, 32767, -32768]);
    const value = { mask: 2n ** 64n - 1n, nested: [{ deep: { none: undefined, frame: samples } }], list: [undefined, 5n, 'x'] };
    const back = roundTrip(value) as typeof value;
    expect(back.mask).toBe(2n ** 64n - 1n);
    const deep = back.nested[0]!.deep;
    expect(Object.hasOwn(deep, 'none')).toBe(false); // an undefined property stays absent, as in process
    expect(deep.frame).toBeInstanceOf(Int16Array);
    expect([...deep.frame]).toEqual([1, -2, 32767, -32768]);
    expect(back.list).toEqual([undefined, 5n, 'x']);
    expect(back.list.length).toBe(3);
    // Each alone in a frame, deep down (one is enough to need the replacer for the whole frame).
    const alone = roundTrip({ a: [{ b: { frame: new Int16Array([3, -4]) } }] }) as { a: [{ b: { frame: Int16Array } }] };
    expect(alone.a[0].b.frame).toEqual(new Int16Array([3, -4]));
    expect(roundTrip({ a: [{ b: { mask: 3n } }] })).toEqual({ a: [{ b: { mask: 3n } }] });
    expect(roundTrip({ a: [{ b: [undefined] }] })).toEqual({ a: [{ b: [undefined] }] });
    // A void result crosses as a marker (JSON would drop the key) and is read back as undefined.
    const text = encodeFrame(reply(undefined));
    expect(text).toBe('{"t":"reply","seq":7,"value":{"$undefined":1}}');
    expect(decodeFrame<Reply>(text, ['reply'])).toEqual({ t: 'reply', seq: 7 });
  });

  it('says a hole in an array as undefined, and an object with toJSON as its toJSON says', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(roundTrip([1, , 3])).toEqual([1, undefined, 3]);
    const when = new Date(Date.UTC(2026, 10, 27));
    expect(roundTrip({ when })).toEqual({ when: '2026-11-27T00:00:00.000Z' });
  });

  it('reads a marker key whether JSON writes its $ plainly or as \\u0024', () => {
    const plain = '{"t":"reply","seq":1,"value":{"$bigint":"12"}}';
    const escaped = '{"t":"reply","seq":1,"value":{"\\u0024bigint":"12"}}';
    expect(decodeFrame<Reply>(plain, ['reply']).value).toBe(12n);
    expect(decodeFrame<Reply>(escaped, ['reply']).value).toBe(12n);
  });

  it('keeps a text holding $ as it was sent', () => {
    const value = { content: 'costs $5', key$: '$bigint', other: { $note: 1 } };
    expect(roundTrip(value)).toEqual(value);
  });

  it('still refuses a frame that is not JSON, or not an allowed frame, without echoing its text', () => {
    expect(() => decodeFrame('{"t":"reply", secret', ['reply'])).toThrow(/malformed frame: not JSON \(20 characters\)/);
    expect(() => decodeFrame('{"t":"events","ints":[],"payloads":[]}', ['reply'])).toThrow(/its "t" must be one of reply/);
    expect(() => decodeFrame('[1]', ['reply'])).toThrow(/not an object/);
  });

  it('refuses a cycle as JSON.stringify does, rather than looping', () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(() => encodeFrame(reply(cyclic))).toThrow(TypeError);
  });
});
