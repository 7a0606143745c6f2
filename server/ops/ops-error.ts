/** An operator's mistake (bad arguments, a state that does not allow the action): printed, exit 1. */
export class OpsError extends Error {}
