import { Inject, Injectable } from '@nestjs/common';
import type { PutUserBody, UserResponse } from '@paykit/contracts';
import {
  type DetailsSection,
  type StoredSection,
  type UserDetails,
  type UserLocator,
  type UserState,
  calendarDayOf,
  checkDateOfBirth,
  dataItemsOfSection,
  identityPartOf,
} from '@paykit/identity';
import { type Clock, getOrThrow } from '@paykit/kernel';
import { canonicalJson } from '../http/idempotency/request-fingerprint.js';
import { CLOCK } from '../infrastructure/tokens.js';
import type { ProjectContext } from './http/caller.js';
import { IdentitySecrets } from './secrets/identity-secrets.js';
import { PersonalDataBox } from './secrets/personal-data-box.js';
import { UserStreams } from './user-streams.js';

const SECTIONS: readonly DetailsSection[] = ['userDetails', 'kycData'];

/**
 * User details and KYC data: personal data, sealed before it reaches an event and never
 * logged. Each section a PUT sends replaces the stored one; sections left out are kept.
 */
@Injectable()
export class UserDetailsService {
  constructor(
    private readonly users: UserStreams,
    private readonly personalData: PersonalDataBox,
    private readonly secrets: IdentitySecrets,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async put(context: ProjectContext, user: UserLocator, body: PutUserBody): Promise<UserResponse> {
    const now = this.clock.now();
    if (body.userDetails) getOrThrow(checkDateOfBirth(body.userDetails.dateOfBirth, calendarDayOf(now)));
    const stream = this.users.streamOf(context.projectId, user);
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
    const state = await this.users.run(context, user, {
      type: 'UpdateUserDetails',
      data: {
        userLocator: user,
        sections,
        ...(body.userDetails && { identityFingerprint: this.secrets.fingerprint(`${stream}\n${identityPartOf(body.userDetails)}`) }),
        at: now.toISOString(),
      },
    });
    return this.present(context.projectId, user, state);
  }

  /** The details on record, opened. */
  detailsOf(projectId: string, user: UserLocator, state: UserState): UserDetails {
    const stream = this.users.streamOf(projectId, user);
    const details: { -readonly [Name in DetailsSection]?: unknown } = {};
    for (const name of SECTIONS) {
      const section = state.sections[name];
      if (section) details[name] = this.personalData.open(section.sealed, `${stream}/${name}`);
    }
    return details as UserDetails;
  }

  private present(projectId: string, user: UserLocator, state: UserState): UserResponse {
    return {
      userLocator: user,
      ...this.detailsOf(projectId, user, state),
      createdAt: state.createdAt ?? this.clock.now().toISOString(),
      updatedAt: state.updatedAt ?? this.clock.now().toISOString(),
    };
  }
}
