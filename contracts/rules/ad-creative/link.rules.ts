// Ad creative: the ADC-LINK-* rules (ADC-LINK-1); their mutants are in ./link.mutants.ts.
import { ruleTests } from '../../harness/rule-test.js';
import { created, linkAd, rejectsCreate } from './context.js';

ruleTests('ADC-LINK-1', [
  [
    'object_url without title is code 100; with title it is accepted',
    async (t) => {
      const { title: _title, ...untitled } = linkAd();
      await rejectsCreate(t, untitled);
      await created(t, { ...untitled, title: 'Fresh deals' });
    },
  ],
]);
