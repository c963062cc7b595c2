import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, conflict } from '@paykit/kernel';
import type { StoredSection, UserEvent, VerificationStatus } from './events.js';
import type { DetailsSection } from './user-details.js';

export type UserCommand =
  | {
      readonly type: 'UpdateUserDetails';
      readonly data: {
        readonly userLocator: string;
        readonly sections: Partial<Record<DetailsSection, StoredSection>>;
        readonly identityFingerprint?: string;
        readonly at: string;
      };
    }
  | {
      readonly type: 'StartIdentityVerification';
      readonly data: {
        readonly userLocator: string;
        readonly provider: string;
        readonly inquiryId: string;
        readonly environmentId: string;
        readonly status: VerificationStatus;
        readonly at: string;
      };
    }
  | {
      readonly type: 'RecordVerificationStatus';
      readonly data: {
        readonly userLocator: string;
        readonly inquiryId: string;
        readonly status: VerificationStatus;
        readonly at: string;
      };
    };

export interface Verification {
  readonly provider: string;
  readonly inquiryId: string;
  readonly environmentId: string;
  readonly status: VerificationStatus;
  readonly startedAt: string;
  readonly updatedAt: string;
}

export interface UserState {
  readonly userLocator: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly sections: Partial<Record<DetailsSection, StoredSection>>;
  readonly identityFingerprint: string | null;
  readonly verification: Verification | null;
}

const rejected = () =>
  conflict(
    'identity_verification_rejected',
    'The identity verification of this user was rejected; it cannot be started again',
  );

export const userDecider: Decider<UserCommand, UserEvent, UserState, DomainError> = {
  initialState: () => ({
    userLocator: null,
    createdAt: null,
    updatedAt: null,
    sections: {},
    identityFingerprint: null,
    verification: null,
  }),

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateUserDetails': {
        const { at, ...data } = command.data;
        const sections = Object.entries(data.sections) as [DetailsSection, StoredSection][];
        if (sections.every(([name, section]) => state.sections[name]?.fingerprint === section.fingerprint))
          return E.right([]);
        // A rejection stands whatever the details say afterwards: a new name does not undo it.
        const verificationVoided =
          state.verification !== null &&
          state.verification.status !== 'declined' &&
          data.identityFingerprint !== undefined &&
          state.identityFingerprint !== data.identityFingerprint;
        return E.right([{ type: 'UserDetailsUpdated', data: { ...data, verificationVoided, updatedAt: at } }]);
      }
      case 'StartIdentityVerification': {
        const { at, ...data } = command.data;
        const current = state.verification;
        if (current?.status === 'declined') return E.left(rejected());
        if (current?.inquiryId === data.inquiryId) {
          return E.right(
            current.status === data.status
              ? []
              : [
                  {
                    type: 'IdentityVerificationStatusChanged',
                    data: {
                      userLocator: data.userLocator,
                      inquiryId: data.inquiryId,
                      status: data.status,
                      changedAt: at,
                    },
                  },
                ],
          );
        }
        return E.right([{ type: 'IdentityVerificationStarted', data: { ...data, startedAt: at } }]);
      }
      case 'RecordVerificationStatus': {
        const { at, ...data } = command.data;
        const current = state.verification;
        // An answer about an inquiry that is no longer the user's (voided, replaced) changes nothing.
        if (current?.inquiryId !== data.inquiryId || current.status === data.status) return E.right([]);
        return E.right([{ type: 'IdentityVerificationStatusChanged', data: { ...data, changedAt: at } }]);
      }
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'UserDetailsUpdated': {
        const { data } = event;
        return {
          ...state,
          userLocator: data.userLocator,
          createdAt: state.createdAt ?? data.updatedAt,
          updatedAt: data.updatedAt,
          sections: { ...state.sections, ...data.sections },
          identityFingerprint: data.identityFingerprint ?? state.identityFingerprint,
          verification: data.verificationVoided ? null : state.verification,
        };
      }
      case 'IdentityVerificationStarted': {
        const { data } = event;
        return {
          ...state,
          userLocator: data.userLocator,
          verification: {
            provider: data.provider,
            inquiryId: data.inquiryId,
            environmentId: data.environmentId,
            status: data.status,
            startedAt: data.startedAt,
            updatedAt: data.startedAt,
          },
        };
      }
      case 'IdentityVerificationStatusChanged':
        return state.verification?.inquiryId === event.data.inquiryId
          ? {
              ...state,
              verification: { ...state.verification, status: event.data.status, updatedAt: event.data.changedAt },
            }
          : state;
    }
  },
};

export const userStream = (projectId: string, userKey: string): string => `user-${projectId}-${userKey}`;
