/** Tab bar icons: an outline and a filled variant each (spec §2). */
import type { SVGProps } from 'react';

function Svg(props: SVGProps<SVGSVGElement>) {
  return <svg viewBox="0 0 24 24" aria-hidden="true" {...props} />;
}

export function HomeIcon({ filled }: { filled: boolean }) {
  return filled ? (
    <Svg fill="currentColor">
      <path d="M11.3 2.6a1 1 0 0 1 1.4 0l9 8.4a1 1 0 0 1-.7 1.7H19v7.8a1.5 1.5 0 0 1-1.5 1.5H15v-6h-6v6H6.5A1.5 1.5 0 0 1 5 20.5v-7.8H3a1 1 0 0 1-.7-1.7z" />
    </Svg>
  ) : (
    <Svg fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M3 11.5 12 3l9 8.5M5.5 10v10.5h4.5v-6h4v6h4.5V10" />
    </Svg>
  );
}

export function OrdersIcon({ filled }: { filled: boolean }) {
  return filled ? (
    <Svg fill="currentColor">
      <path d="M6 2h12a2 2 0 0 1 2 2v17.2a.8.8 0 0 1-1.3.6L16.5 20l-2.2 1.8a.8.8 0 0 1-1 0L12 20.6l-1.3 1.2a.8.8 0 0 1-1 0L7.5 20l-2.2 1.8a.8.8 0 0 1-1.3-.6V4a2 2 0 0 1 2-2zm2 5.2a.9.9 0 0 0 0 1.8h8a.9.9 0 0 0 0-1.8zm0 4a.9.9 0 0 0 0 1.8h5a.9.9 0 0 0 0-1.8z" />
    </Svg>
  ) : (
    <Svg fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
      <path d="M5 3.5h14v17l-2.5-1.8-2.3 1.8-2.2-1.8-2.2 1.8-2.3-1.8L5 20.5zM8.5 8h7M8.5 12h4.5" />
    </Svg>
  );
}

export function ServiceIcon({ filled }: { filled: boolean }) {
  return filled ? (
    <Svg fill="currentColor">
      <path d="M12 2.5a8 8 0 0 0-8 8v1.2A2.5 2.5 0 0 0 2 14.2v2.3A2.5 2.5 0 0 0 4.5 19H7V11H5.8v-.5a6.2 6.2 0 0 1 12.4 0v.5H17v8.2c0 .6-.5 1-1 1h-2.2a1.6 1.6 0 1 0 0 1.8H16a2.8 2.8 0 0 0 2.6-1.8h.9a2.5 2.5 0 0 0 2.5-2.5v-2.3a2.5 2.5 0 0 0-2-2.5v-1.2a8 8 0 0 0-8-8z" />
    </Svg>
  ) : (
    <Svg fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4.8 12v-1.5a7.2 7.2 0 0 1 14.4 0V12M4.8 12h2.2v6.2H4.8A1.8 1.8 0 0 1 3 16.4v-2.6A1.8 1.8 0 0 1 4.8 12zm14.4 0H17v6.2h2.2a1.8 1.8 0 0 0 1.8-1.8v-2.6a1.8 1.8 0 0 0-1.8-1.8zM17.5 18.5c0 1.5-1.5 2.5-4 2.5" />
    </Svg>
  );
}

export function MyIcon({ filled }: { filled: boolean }) {
  return filled ? (
    <Svg fill="currentColor">
      <circle cx="12" cy="7.5" r="4.5" />
      <path d="M3.5 20.2c0-4.1 3.8-7 8.5-7s8.5 2.9 8.5 7a.8.8 0 0 1-.8.8H4.3a.8.8 0 0 1-.8-.8z" />
    </Svg>
  ) : (
    <Svg fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="7.5" r="4" />
      <path d="M4.2 20.2c.3-3.7 3.7-6.2 7.8-6.2s7.5 2.5 7.8 6.2z" />
    </Svg>
  );
}
