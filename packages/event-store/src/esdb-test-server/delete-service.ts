import type * as grpc from '@grpc/grpc-js';
import type { EventLog } from './event-log.js';
import { sharedPb, streamNameOf, streamsPb } from './proto.js';
import type { ServerControl } from './server-control.js';

type DeleteReq = InstanceType<typeof streamsPb.DeleteReq>;
type DeleteResp = InstanceType<typeof streamsPb.DeleteResp>;

/** Streams.Delete, a soft delete whatever the expected revision (the adapter sends `any`). */
export const deleteHandler =
  (log: EventLog, control: ServerControl) =>
  async (call: grpc.ServerUnaryCall<DeleteReq, DeleteResp>, callback: grpc.sendUnaryData<DeleteResp>) => {
    await control.whenRunning();
    log.deleteStream(streamNameOf(call.request.getOptions()?.getStreamIdentifier()));
    callback(null, new streamsPb.DeleteResp().setNoPosition(new sharedPb.Empty()));
  };
