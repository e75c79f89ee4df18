/**
 * The `Office` namespace as the adapter's tests and the replay give it: office-addin-mock's object
 * whose requirement sets report ExcelApi up to a version. Node-only test and replay support.
 */
import { OfficeMockObject } from 'office-addin-mock';
import type { Any } from './proxy-kit.ts';

/** An `Office` stand-in (office-addin-mock) whose requirements report ExcelApi up to `version`. */
export function officeWith(version: string): Any {
  const minor = (v: string) => Number(v.split('.')[1] ?? 0);
  return new OfficeMockObject({
    context: {
      requirements: {
        isSetSupported: (name: string, v?: string) => name === 'ExcelApi' && minor(v ?? '1.1') <= minor(version),
      },
    },
  });
}
