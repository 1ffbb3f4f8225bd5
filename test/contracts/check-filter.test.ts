// --check / --exclude-check of the contract suite read as spec-first test reads them: --check runs the rules built
// on those checks (*-CONFORM-1, *-INVALID-1) and judges only them, within --rule; --exclude-check keeps every rule
// and judges all but those; a check that names nothing, or a selection that leaves no rule, is one line.
import { describe, expect, it } from 'vitest';
import { ANSWER_CHECKS } from '../../contracts/engine/checks.js';
import { checkRules } from '../../contracts/cli/check-filter.js';

describe('checkRules', () => {
  it('leaves the run as it is without --check or --exclude-check', () => {
    expect(checkRules([], [], ['analytics'], ['ANA-SORT'])).toEqual({ rules: ['ANA-SORT'] });
  });

  it('--check negative_data_rejection runs each service its INVALID rule, judging that check only', () => {
    expect(checkRules(['negative_data_rejection'], [], ['ad-creative', 'analytics'], [])).toEqual({
      rules: ['ADC-INVALID-1', 'ANA-INVALID-1'],
      checks: ['negative_data_rejection'],
    });
  });

  it('--check with a prefix runs the CONFORM and the INVALID rules (both judge answers), within --rule', () => {
    expect(checkRules(['response_'], [], ['generative'], [])).toEqual({
      rules: ['GEN-CONFORM-1', 'GEN-INVALID-1'],
      checks: ['response_schema_conformance', 'response_headers_conformance'],
    });
    expect(checkRules(['response_'], [], ['generative'], ['GEN-CONFORM'])).toMatchObject({ rules: ['GEN-CONFORM-1'] });
  });

  it('--exclude-check keeps the rules and judges every other check', () => {
    const selection = checkRules([], ['response_headers_conformance'], ['analytics'], []);
    expect(selection).toMatchObject({ rules: [] });
    expect('checks' in selection && selection.checks).toEqual(
      expect.not.arrayContaining(['response_headers_conformance']),
    );
    expect('checks' in selection && selection.checks).toEqual(
      expect.arrayContaining(ANSWER_CHECKS.filter((c) => c !== 'response_headers_conformance')),
    );
  });

  it('refuses an unknown check, and a check no rule of the suite runs, in one line', () => {
    expect(checkRules(['status_codes'], [], ['analytics'], [])).toEqual({
      problem: expect.stringMatching(/^unknown check status_codes; checks: not_a_server_error, /),
    });
    expect(checkRules(['ignored_auth'], [], ['analytics'], [])).toEqual({
      problem: expect.stringMatching(
        /^--check ignored_auth selects no rule; the rules built on the engine's checks: ANA-CONFORM-1 \(not_a_server_error, .*\); ANA-INVALID-1 \(negative_data_rejection, /,
      ),
    });
    expect(checkRules(['negative_data_rejection'], [], ['analytics'], ['ANA-CONFORM'])).toEqual({
      problem: expect.stringMatching(/selects no rule within --rule ANA-CONFORM;/),
    });
  });
});
