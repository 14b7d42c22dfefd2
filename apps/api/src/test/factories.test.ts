import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { activityBody } from '@helder/shared/activities';
import { funderBody } from '@helder/shared/funders';
import { grantBody } from '@helder/shared/grants';
import { initiativeBody } from '@helder/shared/initiatives';
import { paymentBody } from '@helder/shared/payments';
import { regulationBody } from '@helder/shared/regulations';
import { inviteUserBody } from '@helder/shared/users';
import { userInput } from './factories';
import { funderInput, grantInput, regulationInput } from './funder-factories';
import { activityInput, initiativeInput } from './initiative-factories';
import { paymentInput } from './payment-factories';

/** Each builder of a create body against the schema the API reads that body with. */
const BUILDERS: Array<[string, () => object, z.ZodType]> = [
  ['funderInput', funderInput, funderBody],
  ['regulationInput', regulationInput, regulationBody],
  ['grantInput', grantInput, grantBody],
  ['initiativeInput', initiativeInput, initiativeBody],
  ['activityInput', activityInput, activityBody],
  ['userInput', userInput, inviteUserBody],
  ['paymentInput', () => paymentInput(), paymentBody],
];

describe.each(BUILDERS)('%s', (_name, build, schema) => {
  it('builds a body the API accepts as it is', () => {
    const body = build();
    const parsed = schema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject(body);
  });

  it('builds a different body every time, so rows never clash', () => {
    expect(build()).not.toEqual(build());
  });
});
