// A deliberately broken ad creative service, to prove that the contract suite reports violations under the
// right rule ids: the conforming double (test/support/ad-creative-double.ts) with exactly four planted defects:
//   1. wrong error code: reading an unknown creative answers code 2500 instead of 100/33 (ADC-READ-3);
//   2. a missing field: the preview edge answers without its required `data` (ADC-CONFORM-1);
//   3. an accepted invalid title: a title starting with punctuation passes validation (ADC-TEXT-2);
//   4. a duplicated creative: an identical creative gets a new id (ADC-CREATE-3).
import { startAdCreativeDouble, type RunningServer } from './ad-creative-double.js';

export type { RunningServer };

export function startBrokenAdCreativeServer(): Promise<RunningServer> {
  return startAdCreativeDouble({
    defects: { unknownCreativeCode2500: true, previewWithoutData: true, titlePunctuationAccepted: true, noUniquenessCheck: true },
  });
}

// Run directly: prints the address, for trying the suite by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startBrokenAdCreativeServer();
  console.log(`broken ad creative service on ${running.baseUrl}`);
}
