/** A drawn khukuri, for pages that show sample blades without photos (the /test demo). Decorative. */
export function KhukuriArt({ blade, handle, className }: { blade: string; handle: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 240 120" aria-hidden="true" focusable="false">
      <path
        d="M78 44 C120 26 176 30 226 86 C200 78 170 80 142 74 C118 70 98 64 80 62 Z"
        fill={blade}
        stroke="#3b3f46"
        strokeWidth="1.5"
      />
      <path d="M82 50 C122 36 168 40 206 72" fill="none" stroke="#ffffff" strokeOpacity="0.55" strokeWidth="2" />
      <path d="M84 62 l5 6 l5 -5" fill="none" stroke="#3b3f46" strokeWidth="1.5" />
      <rect x="70" y="40" width="10" height="26" rx="2" fill="#c9a227" stroke="#7a5c10" strokeWidth="1" />
      <path d="M14 46 C10 52 10 58 14 64 L70 62 L70 44 Z" fill={handle} stroke="#1f120b" strokeWidth="1.5" />
      <path d="M30 45 v18 M46 44.5 v18" stroke="#c9a227" strokeWidth="2" />
      <ellipse cx="13" cy="55" rx="4" ry="10" fill="#c9a227" stroke="#7a5c10" strokeWidth="1" />
    </svg>
  );
}
