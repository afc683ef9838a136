import { createNprogress, updateNavigationProgressStateAction } from '@mantine/nprogress';

/** Loading bar timings (spec §9). */
export const loadingBarTimings = {
  /** Expected duration: the bar trickles to ~80 % in about this time. */
  durationMs: 2000,
  /** Work shorter than this never shows the bar. */
  throttleMs: 200,
  /** The full bar stays visible this long after the work ends. */
  hideDelayMs: 500,
  /** Then the progress goes back to 0 after this delay (after the fade-out). */
  resetDelayMs: 400,
} as const;

/**
 * Mantine's trickle adds 10, 10, then 4 ×8, then 2 ×15 points: 25 steps to reach 80 %.
 * One step every 80 ms → ~2 s.
 */
export const loadingBarStepInterval = Math.round(loadingBarTimings.durationMs / 25);

export const [loadingBarStore, loadingBarActions] = createNprogress();

type Timer = ReturnType<typeof setTimeout>;

/**
 * Drives the bar from a single "something is loading" flag (navigation, queries, mutations),
 * applying the throttle, hide delay and reset delay.
 */
export function createLoadingBarController(
  actions = loadingBarActions,
  hide = () => updateNavigationProgressStateAction(() => ({ mounted: false }), loadingBarStore),
  timings = loadingBarTimings,
) {
  let active = false;
  let visible = false;
  let showTimer: Timer | undefined;
  let hideTimer: Timer | undefined;
  let resetTimer: Timer | undefined;

  const clear = (timer: Timer | undefined) => {
    if (timer !== undefined) clearTimeout(timer);
    return undefined;
  };

  return {
    setActive(next: boolean) {
      if (next === active) return;
      active = next;
      if (active) {
        hideTimer = clear(hideTimer);
        resetTimer = clear(resetTimer);
        if (visible) {
          actions.start();
          return;
        }
        showTimer = setTimeout(() => {
          showTimer = undefined;
          visible = true;
          actions.reset();
          actions.start();
        }, timings.throttleMs);
        return;
      }
      showTimer = clear(showTimer);
      if (!visible) return;
      actions.stop();
      actions.set(100);
      hideTimer = setTimeout(() => {
        hideTimer = undefined;
        visible = false;
        hide();
        resetTimer = setTimeout(() => {
          resetTimer = undefined;
          actions.reset();
        }, timings.resetDelayMs);
      }, timings.hideDelayMs);
    },
    dispose() {
      showTimer = clear(showTimer);
      hideTimer = clear(hideTimer);
      resetTimer = clear(resetTimer);
      active = false;
      visible = false;
    },
  };
}
