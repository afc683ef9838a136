import { describe, expect, it } from 'vitest';
import { channelPatterns, channels } from './realtime-channels';

describe('realtime channels', () => {
  it('each name matches its own pattern, ids captured in order, and no other pattern', () => {
    const names = {
      user: channels.user(7),
      conversation: channels.conversation(12),
      team: channels.team(3),
      teamChat: channels.teamChat(3, 44),
    };
    const captured = { user: ['7'], conversation: ['12'], team: ['3'], teamChat: ['3', '44'] };
    for (const [kind, name] of Object.entries(names) as [keyof typeof names, string][]) {
      for (const [other, pattern] of Object.entries(channelPatterns)) {
        const match = pattern.exec(name);
        if (other === kind) expect(match?.slice(1)).toEqual(captured[kind]);
        else expect(match, `${name} must not match ${other}`).toBeNull();
      }
    }
  });
});
