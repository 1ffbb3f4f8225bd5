import { build } from 'esbuild';
for (const s of ['ad-creative','analytics','generative']) {
  const r = await build({ entryPoints: [`generated/${s}/client.ts`], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent' });
  const out = Object.values(r.metafile.outputs)[0]!;
  console.log(s, out.bytes);
  for (const [f, v] of Object.entries(out.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput)) console.log('  ', v.bytesInOutput, f);
}
