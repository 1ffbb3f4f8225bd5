// Video processing of the reference generative service, through its HTTP API: the committed real clips
// (contracts/fixtures/media/) become ACTIVE with their exact durations (mp4 read by mp4box, webm by
// music-metadata); truncated or corrupt bytes of each, text sent as video/mp4, an mp4 without a video track
// and an unsupported container end FAILED with error set. Each starts PROCESSING. Below the API: a file too
// large to hold in one buffer is read in pieces from disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clipBytes, CLIPS, type ClipName } from '../../contracts/targets/fixtures/generative-media.js';
import { processVideo } from '../../reference/generative/media/video.js';
import { durationString, fromSeconds } from '../../reference/generative/media/video-info.js';
import { defaultSeed, startGenerative, type StartedGenerative, untilFileState } from './generative-support.js';

const KEY = { 'x-goog-api-key': 'test-api-key' };
let s: StartedGenerative;

beforeAll(async () => {
  const seed = defaultSeed();
  (seed.limits as Record<string, number>).videoProcessingMs = 50;
  s = await startGenerative({ seed });
});

afterAll(async () => {
  await s?.stop();
});

type FileBody = {
  name: string;
  state: string;
  mimeType: string;
  sizeBytes: string;
  videoMetadata?: { videoDuration: string };
  error?: { code: number; message: string };
};

async function upload(mimeType: string, bytes: Uint8Array): Promise<FileBody> {
  const response = await fetch(`${s.baseUrl}/upload/v1beta/files`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': mimeType },
    body: new Blob([new Uint8Array(bytes)]),
  });
  expect(response.status).toBe(200);
  const file = ((await response.json()) as { file: FileBody }).file;
  expect(file.state, 'a video starts PROCESSING').toBe('PROCESSING');
  expect(file.sizeBytes).toBe(String(bytes.byteLength));
  return file;
}

/** The file once it has left PROCESSING (waiting on the service's change of it, not on a timer). */
async function processed(name: string): Promise<FileBody> {
  return (await untilFileState(s, name, (state) => state !== 'PROCESSING', KEY)) as FileBody;
}

async function expectFailed(mimeType: string, bytes: Uint8Array, reason: RegExp): Promise<void> {
  const file = await processed((await upload(mimeType, bytes)).name);
  expect(file.state).toBe('FAILED');
  expect(file.error).toEqual({ code: 3, message: expect.stringMatching(reason) });
  expect(file.videoMetadata).toBeUndefined();
}

describe('video processing through the HTTP API', () => {
  it.each(['mp4', 'webm', 'mp4WithAudio', 'mp4MoovLast'] as ClipName[])(
    'the real %s clip becomes ACTIVE with its exact duration',
    async (clip) => {
      const { mimeType, videoDuration } = CLIPS[clip];
      const file = await processed((await upload(mimeType, clipBytes(clip))).name);
      expect(file.state).toBe('ACTIVE');
      expect(file.error).toBeUndefined();
      expect(file.videoMetadata).toEqual({ videoDuration });
    },
  );

  it.each([
    ['mp4', 'video/mp4'],
    ['webm', 'video/webm'],
  ] as const)('a truncated %s ends FAILED (its header alone, and cut in the media data)', async (clip, mimeType) => {
    const bytes = clipBytes(clip);
    await expectFailed(mimeType, bytes.subarray(0, 200), /not a playable video/);
    await expectFailed(mimeType, bytes.subarray(0, bytes.length - 100), /not a playable video/);
  });

  it.each([
    ['mp4', 'video/mp4'],
    ['webm', 'video/webm'],
  ] as const)('a corrupt %s (its structure overwritten) ends FAILED', async (clip, mimeType) => {
    const bytes = Buffer.from(clipBytes(clip));
    for (let i = 16; i < 400; i++) bytes[i] = (i * 7) & 0xff;
    await expectFailed(mimeType, bytes, /not a playable video/);
  });

  it('a text file sent as video/mp4 (and as video/webm) ends FAILED', async () => {
    await expectFailed('video/mp4', new TextEncoder().encode('this is not a video container'), /not a playable video/);
    await expectFailed('video/webm', new TextEncoder().encode('this is not a video container'), /not a playable video/);
  });

  it('an mp4 with an audio track and no video track ends FAILED', async () => {
    await expectFailed('video/mp4', clipBytes('audioOnlyMp4'), /no video track/);
  });

  it('a container this reference does not read ends FAILED as unsupported', async () => {
    await expectFailed('video/x-msvideo', clipBytes('mp4'), /not supported/);
  });

  it('a non-video file is ACTIVE at once, without videoMetadata', async () => {
    const response = await fetch(`${s.baseUrl}/upload/v1beta/files`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'audio/mp4' },
      body: new Blob([new Uint8Array(clipBytes('audioOnlyMp4'))]),
    });
    const file = ((await response.json()) as { file: FileBody }).file;
    expect(file.state).toBe('ACTIVE');
    expect(file.videoMetadata).toBeUndefined();
  });
});

describe('the wire form of a duration', () => {
  it('is whole seconds with up to nine fractional digits, ending in s', () => {
    expect(durationString({ units: 3000n, perSecond: 1000n })).toBe('3s');
    expect(durationString({ units: 1n, perSecond: 3n })).toBe('0.333333333s');
    expect(durationString({ units: 90_090n, perSecond: 30_000n })).toBe('3.003s');
    expect(durationString(fromSeconds(2.5))).toBe('2.5s');
    expect(durationString(fromSeconds(0.000000001))).toBe('0.000000001s');
  });
});

describe('reading the stored file', () => {
  it('reads an mp4 too large for one buffer (3 GB, sparse on disk) in pieces, skipping its media data', async () => {
    // The moov-last clip with its mdat grown by 3 GB of zeros after the samples: the sample offsets stay valid.
    const clip = clipBytes('mp4MoovLast');
    const mdatAt = clip.indexOf('mdat', 0, 'latin1') - 4;
    const moovAt = clip.indexOf('moov', 0, 'latin1') - 4;
    expect(mdatAt).toBeGreaterThan(0);
    expect(moovAt).toBeGreaterThan(mdatAt);
    const grow = 3_000_000_000;
    const head = Buffer.from(clip.subarray(0, moovAt));
    head.writeUInt32BE(head.readUInt32BE(mdatAt) + grow, mdatAt);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-video-'));
    try {
      const file = path.join(dir, 'large.mp4');
      fs.writeFileSync(file, head);
      fs.truncateSync(file, head.length + grow);
      fs.appendFileSync(file, clip.subarray(moovAt));
      expect(fs.statSync(file).size).toBeGreaterThan(2 ** 31);
      await expect(fs.promises.readFile(file), 'more than one buffer holds').rejects.toThrow();
      expect(await processVideo('video/mp4', file)).toEqual({ ok: true, videoDuration: '1.5s' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the parsing library's own messages", () => {
  it("a corrupt mp4 is FAILED without a line on the console (mp4box's box errors do not reach stderr)", async () => {
    const bytes = Buffer.from(clipBytes('mp4'));
    for (let i = 16; i < 400; i++) bytes[i] = (i * 7) & 0xff;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'corrupt-mp4-')), 'clip.mp4');
    fs.writeFileSync(file, bytes);
    const spies = (['error', 'warn', 'info', 'log', 'debug'] as const).map((level) => vi.spyOn(console, level));
    try {
      const result = await processVideo('video/mp4', file);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 3, message: expect.stringMatching(/not a playable video/) },
      });
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

describe('a reader that breaks unexpectedly', () => {
  it('ends the file FAILED (code 13), never PROCESSING forever: its stored bytes vanished before processing', async () => {
    const seed = defaultSeed();
    (seed.limits as Record<string, number>).videoProcessingMs = 300;
    const own = await startGenerative({ seed });
    try {
      const response = await fetch(`${own.baseUrl}/upload/v1beta/files`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'video/mp4' },
        body: new Blob([new Uint8Array(clipBytes('mp4'))]),
      });
      const { file } = (await response.json()) as { file: FileBody };
      expect(file.state).toBe('PROCESSING');
      // The blob goes from under the reader (not a "not playable" answer of mp4box: a failed read of the file).
      const filesDirs = fs
        .readdirSync(own.dataDir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name === 'files');
      expect(filesDirs.length).toBeGreaterThan(0);
      for (const dir of filesDirs)
        for (const name of fs.readdirSync(path.join(dir.parentPath, dir.name)))
          fs.rmSync(path.join(dir.parentPath, dir.name, name));
      const current = (await untilFileState(own, file.name!, (state) => state !== 'PROCESSING', KEY)) as FileBody;
      expect(current.state).toBe('FAILED');
      expect(current.error).toEqual({ code: 13, message: 'Video processing failed: the file could not be read.' });
      expect(own.logs.some((l) => l.msg === 'video processing crashed')).toBe(true);
    } finally {
      await own.stop();
    }
  });
});
