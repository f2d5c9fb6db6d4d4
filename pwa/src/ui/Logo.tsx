/**
 * The Hobbiz wordmark. Colours come from CSS variables, so the dark-mode variant needs no second asset.
 */
export function Logo() {
  return (
    <span className="logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" className="logo-mark" />
        <path
          d="M10 8v16M22 8v16M10 16h12"
          stroke="currentColor"
          strokeWidth="3.2"
          strokeLinecap="round"
          className="logo-h"
        />
      </svg>
      <span className="logo-text">Hobbiz</span>
    </span>
  );
}
