import { browserProfilesDecider, browserProfilesStream } from '@paykit/agent-profiles';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** Every browser profile of one owner: stream `browserProfiles-<browserProfilesId(owner)>`. */
export const BrowserProfilesAggregate = aggregateType({
  name: 'browser profiles',
  decider: browserProfilesDecider,
  streamName: browserProfilesStream,
});
