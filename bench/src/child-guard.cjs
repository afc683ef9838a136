// Preloaded (`node --require`) into every process the bench starts, which talks to it over an IPC
// channel. If the bench dies without stopping its children (SIGKILL, a crash), the channel closes:
// the child then shuts itself down the way it would on SIGTERM instead of staying behind.
if (process.channel) {
  // The channel must not keep an otherwise finished process alive.
  process.channel.unref();
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
