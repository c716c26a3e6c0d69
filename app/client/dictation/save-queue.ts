/**
 * One save at a time, and none asked for is ever dropped: a save asked for while another is in flight runs right
 * after it (reading the text as it is then), and every ask in between waits for that same one. So the final save
 * at the end of the time is sent even when a tick's save is still on its way (issue 15, defect 7); which text
 * wins is the upstream's revision rule (ADR 239).
 */
export function createSaveQueue(run: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const start = (): Promise<void> => {
    inFlight = run()
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  return function request() {
    if (!inFlight) return start();
    queued ??= inFlight.then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}
