/**
 * The clocks' icon (client/online/Clocks.tsx and the log's clock lines): a drawn clock face, as an
 * emoji may be missing from the system's fonts.
 */
export function ClockIcon() {
  return (
    <svg
      className="clock-icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4v4.3l2.8 1.7" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
