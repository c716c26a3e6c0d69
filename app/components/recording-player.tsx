import { useEffect, useRef, useState } from 'react';
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
  /**
   * Called once the upstream has stored a report, with the seconds this tab had played when it was sent, so the
   * page can read what the upstream now counts.
   */
  onReported?: (playedSeconds: number) => void;
  /**
   * Called as it plays with the seconds played in this tab, counted at most as fast as real time (as the upstream
   * counts them, ADR 236), so the page can count down between reports.
   */
  onPlayed?: (playedSeconds: number) => void;
}

/**
 * The recording with native controls, so it plays without JavaScript too, starting where the user stopped on
 * any device (`#t=`, a media fragment, needs no script). With JavaScript, the place is reported where playback
 * starts (the upstream counts watch time from there), every 15 s of playback, on pause, and by
 * `sendBeacon` when the page is hidden or left; only after the place has moved in this tab, so a tab left open
 * elsewhere never rewinds what another device saved. The page hears of each report stored and of the
 * seconds played, to show the certificate's count as it plays.
 */
export function RecordingPlayer(props: Props) {
  const { src, reportTo, lengthSeconds, fallback } = props;
  const ref = useRef<HTMLVideoElement>(null);
  // Where it starts and what was watched are read once: the page's data, read again after a report, must not
  // move the recording that plays (a new `#t=` would load it again).
  const [{ startSeconds, watchedSeconds }] = useState(() => props);
  // A finished recording starts again from the beginning.
  const start = startSeconds >= lengthSeconds - 1 ? 0 : startSeconds;
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let furthest = watchedSeconds;
    let reported = start;
    let timer: ReturnType<typeof setInterval> | undefined;
    // This tab's playing, for the page's count down: media time advanced, never more than the wall clock's.
    let played = 0;
    let lastMedia: number | null = null;
    let lastWall = 0;

    /** `starting`: where playback starts, said even when the place has not moved (the watch clock starts there). */
    function report(viaBeacon: boolean, starting = false) {
      const position = Math.floor(video!.currentTime);
      if (position === reported && !starting) return;
      reported = position;
      const body = new URLSearchParams({ positionSeconds: `${position}`, watchedSeconds: `${Math.floor(furthest)}` });
      if (viaBeacon && navigator.sendBeacon(reportTo, body)) return;
      const playedWhenSent = played;
      fetch(reportTo, { method: 'POST', body, keepalive: true })
        .then((response) => {
          if (response.ok) callbacks.current.onReported?.(playedWhenSent);
        })
        .catch(() => {
          reported = -1;
        });
    }
    const onTime = () => {
      if (!video.seeking) furthest = Math.max(furthest, video.currentTime);
      const wall = performance.now();
      if (lastMedia !== null && !video.seeking && !video.paused) {
        const step = Math.min(video.currentTime - lastMedia, (wall - lastWall) / 1000);
        if (step > 0) {
          played += step;
          callbacks.current.onPlayed?.(played);
        }
      }
      lastMedia = video.currentTime;
      lastWall = wall;
    };
    const onSeeked = () => {
      lastMedia = null;
    };
    const onPlay = () => {
      lastMedia = null;
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
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      video.removeEventListener('loadedmetadata', seekToStart);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeked', onSeeked);
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
