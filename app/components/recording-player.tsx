import { useEffect, useRef } from 'react';
import { seconds } from '#shared/time';

/** How often the place in the recording is saved while it plays (docs/product.md §7, put history time). */
const REPORT_EVERY = seconds(15);

interface Props {
  src: string;
  /** The portal route that stores the place (POST, form-encoded: positionSeconds, watchedSeconds). */
  reportTo: string;
  lengthSeconds: number;
  startSeconds: number;
  watchedSeconds: number;
  fallback: string;
}

/**
 * The recording with native controls, so it plays without JavaScript too, starting where the user stopped on
 * any device (`#t=`, a media fragment, needs no script). With JavaScript, the place is reported where playback
 * starts (the upstream counts watch time from there, ADR 056), every 15 s of playback, on pause, and by `sendBeacon` when the page is hidden or left; only after the place has moved in
 * this tab, so a tab left open elsewhere never rewinds what another device saved (ADR 014).
 */
export function RecordingPlayer({ src, reportTo, lengthSeconds, startSeconds, watchedSeconds, fallback }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  // A finished recording starts again from the beginning.
  const start = startSeconds >= lengthSeconds - 1 ? 0 : startSeconds;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let furthest = watchedSeconds;
    let reported = start;
    let timer: ReturnType<typeof setInterval> | undefined;

    /** `starting`: where playback starts, said even when the place has not moved (the watch clock starts there). */
    function report(viaBeacon: boolean, starting = false) {
      const position = Math.floor(video!.currentTime);
      if (position === reported && !starting) return;
      reported = position;
      const body = new URLSearchParams({ positionSeconds: `${position}`, watchedSeconds: `${Math.floor(furthest)}` });
      if (viaBeacon && navigator.sendBeacon(reportTo, body)) return;
      fetch(reportTo, { method: 'POST', body, keepalive: true }).catch(() => {
        reported = -1;
      });
    }
    const onTime = () => {
      if (!video.seeking) furthest = Math.max(furthest, video.currentTime);
    };
    const onPlay = () => {
      report(false, true);
      clearInterval(timer);
      timer = setInterval(() => report(false), REPORT_EVERY);
    };
    const onPause = () => {
      clearInterval(timer);
      report(false);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') report(true);
    };
    const onPageHide = () => report(true);

    // The media fragment already does this where browsers honour it; this covers the ones that do not.
    const seekToStart = () => {
      if (start > 0 && video.currentTime < 1) video.currentTime = start;
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) seekToStart();
    else video.addEventListener('loadedmetadata', seekToStart, { once: true });
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      video.removeEventListener('loadedmetadata', seekToStart);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving for another screen of the portal unmounts the player without a pagehide.
      report(true);
    };
  }, [reportTo, start, watchedSeconds]);

  return (
    <video
      ref={ref}
      className="recording"
      controls
      preload="metadata"
      width={480}
      height={270}
      src={start > 0 ? `${src}#t=${start}` : src}
    >
      <a href={src}>{fallback}</a>
    </video>
  );
}
