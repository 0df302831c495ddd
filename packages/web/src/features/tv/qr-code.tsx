import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` as an SVG image (a data address, allowed by the page's CSP), or nothing while it is drawn. */
export function QrCode({ text, label, size }: { text: string; label: string; size: number }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => !cancelled && setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => !cancelled && setSource(null),
    );
    return () => {
      cancelled = true;
    };
  }, [text]);
  if (!source) return null;
  return (
    <Box
      component="img"
      src={source}
      alt={label}
      data-qr={text}
      sx={{ width: size, height: size, bgcolor: '#fff', borderRadius: 1, display: 'block' }}
    />
  );
}
