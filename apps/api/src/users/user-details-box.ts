import { Injectable } from '@nestjs/common';
import type { PutUserBody } from '@paykit/contracts';
import {
  type DetailsSection,
  type StoredSection,
  type UserDetails,
  type UserState,
  dataItemsOfSection,
  identityPartOf,
} from '@paykit/identity';
import { canonicalJson } from '../http/idempotency/request-fingerprint.js';
import { IdentitySecrets } from './secrets/identity-secrets.js';
import { PersonalDataBox } from './secrets/personal-data-box.js';
import { type UserRef, userStreamOf } from './user.aggregate.js';

const SECTIONS: readonly DetailsSection[] = ['userDetails', 'kycData'];

/** What an update of a user's details stores: each section sent, sealed, and a keyed digest to compare by. */
export interface SealedDetails {
  readonly sections: Partial<Record<DetailsSection, StoredSection>>;
  readonly identityFingerprint?: string;
}

/**
 * User details and KYC data are personal data: sealed before they reach an event (bound to the
 * section of the user's stream they belong to) and never logged; opened for the answers.
 */
@Injectable()
export class UserDetailsBox {
  constructor(
    private readonly personalData: PersonalDataBox,
    private readonly secrets: IdentitySecrets,
  ) {}

  seal(ref: UserRef, body: PutUserBody): SealedDetails {
    const stream = userStreamOf(ref);
    const sections: Partial<Record<DetailsSection, StoredSection>> = {};
    for (const name of SECTIONS) {
      const section = body[name];
      if (section === undefined) continue;
      sections[name] = {
        sealed: this.personalData.seal(section, `${stream}/${name}`),
        fingerprint: this.secrets.fingerprint(`${stream}/${name}\n${canonicalJson(section)}`),
        dataItems: dataItemsOfSection(name, body),
      };
    }
    const identity = body.userDetails && this.secrets.fingerprint(`${stream}\n${identityPartOf(body.userDetails)}`);
    return { sections, ...(identity && { identityFingerprint: identity }) };
  }

  /** The details on record, opened. */
  open(ref: UserRef, state: UserState): UserDetails {
    const stream = userStreamOf(ref);
    const details: { -readonly [Name in DetailsSection]?: unknown } = {};
    for (const name of SECTIONS) {
      const section = state.sections[name];
      if (section) details[name] = this.personalData.open(section.sealed, `${stream}/${name}`);
    }
    return details as UserDetails;
  }
}
