import type { PendingCall } from './call';

/**
 * Calls of the spec's section 7 that no issue has built yet, with the issue that brings each. The walk
 * fails once the contract has one of them: it then belongs in the walk with the shape the spec writes.
 */
export const pendingCalls: PendingCall[] = [];
