// A vendored library bundled into the runtime (ajv with its formats, formidable's multipart parser) is bundled by
// esbuild once per set of installed versions, not for every package generated.
import { describe, expect, it, vi } from 'vitest';

const builds = vi.hoisted(() => ({ count: 0 }));

vi.mock('esbuild', async (importOriginal) => {
  const esbuild = await importOriginal<typeof import('esbuild')>();
  return {
    ...esbuild,
    buildSync: (options: Parameters<typeof esbuild.buildSync>[0]) => {
      builds.count++;
      return esbuild.buildSync(options);
    },
  };
});

const { runtimeFiles } = await import('../../generator/emitters/runtime.js');

describe("the runtime's vendored bundles", () => {
  it('are bundled once and read back for the next package', () => {
    const first = runtimeFiles();
    builds.count = 0;
    const second = runtimeFiles();
    expect(builds.count).toBe(0);
    expect(second).toEqual(first);
    expect(second.get('runtime/server/vendor/ajv.js')).toContain('Vendored ajv@');
  });
});
