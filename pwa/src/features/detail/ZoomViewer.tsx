import { type KeyboardEvent, type PointerEvent, useEffect, useReducer, useRef } from 'react';
import { normalizeImagePath } from '../../../../schema/images.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { PrevNextButtons } from '../../ui/PrevNextButtons.tsx';
import { FrameIcon, RotateIcon } from '../../ui/page-icons.tsx';
import { initialZoom, keyAction, type ZoomAction, zoomReducer } from './zoom-state.ts';

type Props = { images: string[]; start: number; title: string; onClose: () => void };

/**
 * Full-screen photo viewer. Keys: Escape closes, arrows change the photo, + and = zoom in, - zooms out,
 * 0 resets, f toggles the enlarged frame, r rotates by 90°. Dragging pans a zoomed photo.
 */
export function ZoomViewer({ images, start, title, onClose }: Props) {
  const [s, dispatch] = useReducer(zoomReducer, initialZoom(start, images.length));
  const boxRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    boxRef.current?.focus();
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = overflow;
      before?.focus();
    };
  }, []);

  const act = (a: ZoomAction) => dispatch(a);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    // Keys typed on a focused button keep their usual meaning (Enter, Space, Tab).
    const a = keyAction(e.key);
    if (!a) return;
    e.preventDefault();
    act(a);
  };

  const onPointerDown = (e: PointerEvent) => {
    if (s.scale <= 1) return;
    drag.current = { x: e.clientX, y: e.clientY };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    act({ type: 'pan', dx: e.clientX - d.x, dy: e.clientY - d.y });
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  const src = normalizeImagePath(images[s.index] ?? '');
  const many = images.length > 1;
  return (
    <div
      ref={boxRef}
      className={s.large ? 'zoom zoom--large' : 'zoom'}
      role="dialog"
      aria-modal="true"
      aria-label={`Fotografia ${s.index + 1} din ${images.length}: ${title}`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="zoom-bar">
        <span className="zoom-info" aria-live="polite">
          {s.index + 1} / {images.length} · {Math.round(s.scale * 100)}%
          {s.rotation ? ` · ${s.rotation}°` : ''}
        </span>
        <div className="zoom-tools">
          <button type="button" onClick={() => act({ type: 'zoomOut' })} aria-label="Micșorează (-)">
            −
          </button>
          <button type="button" onClick={() => act({ type: 'zoomIn' })} aria-label="Mărește (+)">
            +
          </button>
          <button type="button" onClick={() => act({ type: 'reset' })} aria-label="Resetează (0)">
            1:1
          </button>
          <button type="button" onClick={() => act({ type: 'rotate' })} aria-label="Rotește (r)">
            <RotateIcon size={20} />
          </button>
          <button
            type="button"
            onClick={() => act({ type: 'toggleFrame' })}
            aria-label="Cadru mărit (f)"
            aria-pressed={s.large}
          >
            <FrameIcon size={20} />
          </button>
          <button type="button" onClick={onClose} aria-label="Închide (Escape)">
            <CloseIcon size={20} />
          </button>
        </div>
      </div>
      <div
        className={s.scale > 1 ? 'zoom-stage is-pannable' : 'zoom-stage'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <img
          src={src}
          alt={`${title} — fotografia ${s.index + 1}`}
          draggable={false}
          style={{
            transform: `translate(${s.panX}px, ${s.panY}px) scale(${s.scale}) rotate(${s.rotation}deg)`,
          }}
        />
      </div>
      {many && (
        <PrevNextButtons
          labels={['Fotografia anterioară', 'Fotografia următoare']}
          classes={['zoom-nav zoom-prev', 'zoom-nav zoom-next']}
          size={28}
          onStep={(d) => act({ type: d < 0 ? 'prev' : 'next' })}
        />
      )}
    </div>
  );
}
