import { Eraser } from 'lucide-react';
import { useEffect, useRef, type PointerEvent } from 'react';
import { Button } from '../../components/ui/button';

/**
 * A signature drawn with a finger or a mouse on a canvas. `onChange` receives whether there is
 * ink; `padRef.current()` gives the drawing as a PNG, or null when nothing was drawn.
 */
export function SignaturePad({
  label,
  onChange,
  padRef,
}: {
  label: string;
  onChange: (signed: boolean) => void;
  padRef: { current: (() => Promise<Blob | null>) | null };
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const signed = useRef(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Drawn at the screen's own pixel density, so a signature is not blurred.
    const ratio = window.devicePixelRatio || 1;
    element.width = element.clientWidth * ratio;
    element.height = element.clientHeight * ratio;
    const context = element.getContext('2d');
    if (context) {
      context.scale(ratio, ratio);
      context.lineWidth = 2.5;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.strokeStyle = '#1c1917';
    }
    padRef.current = () =>
      new Promise((resolve) => {
        if (!signed.current) return resolve(null);
        element.toBlob((blob) => resolve(blob), 'image/png');
      });
    return () => {
      padRef.current = null;
    };
  }, [padRef]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
    if (!signed.current) {
      signed.current = true;
      onChange(true);
    }
  };

  const end = () => {
    drawing.current = false;
  };

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    signed.current = false;
    onChange(false);
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-stone-800">{label}</span>
        <Button variant="ghost" size="sm" onClick={clear}>
          <Eraser aria-hidden="true" /> Clear
        </Button>
      </div>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${label}: draw with a finger`}
        className="h-40 w-full touch-none rounded-md border border-stone-300 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
    </div>
  );
}
