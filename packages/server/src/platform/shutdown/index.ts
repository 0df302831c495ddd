export { lifecyclePlugin } from './lifecycle';
export { type LogDestination, logDestination, maxBufferedLogBytes } from './log-destination';
export { runShutdown, type ShutdownLog, type ShutdownStep } from './run';
