import qrcode from 'qrcode-generator';

/**
 * A QR code drawn as one SVG path from its dark modules (no HTML string is ever injected). The
 * generator is loaded with the part that shows it (lazily), never with the dashboards.
 */
export default function QrImage({ payload, label }: { payload: string; label: string }) {
  const code = qrcode(0, 'M');
  code.addData(payload);
  code.make();
  const size = code.getModuleCount();
  const quiet = 4;
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const box = size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      className="size-56 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
