// `x-invalid-code` (parameter): the error code the service answers when the parameter's value is refused.
import type { ParameterModel } from '../types.js';

export function invalidCodeOf(parameter: any): Pick<ParameterModel, 'invalidCode'> {
  return typeof parameter['x-invalid-code'] === 'number' ? { invalidCode: parameter['x-invalid-code'] } : {};
}
