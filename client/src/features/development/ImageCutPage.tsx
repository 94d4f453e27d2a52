import { useEffect, useId, useRef, useState } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import { Button, Segmented } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { Readout, Showcase, Specimen } from './Showcase.tsx';
import 'react-image-crop/dist/ReactCrop.css';

/** Spec section 9: the image crop tool's minimum, in the picture's own pixels. */
export const CROP_MIN_PX = 33;

type Shape = 'free' | 'square';
type Size = { width: number; height: number };
export type PixelArea = Size & { x: number; y: number };

const shapes = [
  { value: 'free', label: 'Free' },
  { value: 'square', label: 'Square' },
] as const;

// The library's own labels send the east and west handles to the up and down keys.
const ariaLabels = {
  cropArea: 'Crop area: the arrow keys move it',
  nwDragHandle: 'Top left corner: the arrow keys resize the crop',
  nDragHandle: 'Top edge: the up and down arrow keys resize the crop',
  neDragHandle: 'Top right corner: the arrow keys resize the crop',
  eDragHandle: 'Right edge: the left and right arrow keys resize the crop',
  seDragHandle: 'Bottom right corner: the arrow keys resize the crop',
  sDragHandle: 'Bottom edge: the up and down arrow keys resize the crop',
  swDragHandle: 'Bottom left corner: the arrow keys resize the crop',
  wDragHandle: 'Left edge: the left and right arrow keys resize the crop',
};

const SAMPLE_PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">' +
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b5cad"/><stop offset="1" stop-color="#e6f0fa"/></linearGradient></defs>' +
    '<rect width="1200" height="800" fill="url(#sky)"/><circle cx="900" cy="220" r="110" fill="#fff3d9"/>' +
    '<path d="M0 620 L260 380 L470 560 L700 300 L1200 700 L1200 800 L0 800 Z" fill="#137547"/>' +
    '<path d="M0 700 L380 560 L760 720 L1200 600 L1200 800 L0 800 Z" fill="#1a2130" opacity="0.8"/></svg>',
)}`;

/** The crop in the picture's own pixels, from the crop in percent of it. */
export function pixelAreaOf(crop: PercentCrop, natural: Size): PixelArea {
  return {
    x: Math.round((crop.x * natural.width) / 100),
    y: Math.round((crop.y * natural.height) / 100),
    width: Math.round((crop.width * natural.width) / 100),
    height: Math.round((crop.height * natural.height) / 100),
  };
}

function firstCrop(shape: Shape, natural: Size): PercentCrop {
  if (shape === 'free') return { unit: '%', x: 10, y: 10, width: 80, height: 80 };
  return centerCrop(makeAspectCrop({ unit: '%', width: 80 }, 1, natural.width, natural.height), natural.width, natural.height);
}

type Cut = { src: string; width: number; height: number };

/** `/development/img/cut`: a picture cut to size with the pointer or the keyboard, never below 33 px a side. */
export function ImageCutPage() {
  const fileId = useId();
  const image = useRef<HTMLImageElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ src: string; name: string }>({ src: SAMPLE_PICTURE, name: 'the sample picture' });
  const [shape, setShape] = useState<Shape>('free');
  const [natural, setNatural] = useState<Size | null>(null);
  const [shown, setShown] = useState<Size | null>(null);
  const [crop, setCrop] = useState<PercentCrop | null>(null);
  const [cut, setCut] = useState<Cut | null>(null);

  useEffect(() => {
    const measure = () => {
      const rect = image.current?.getBoundingClientRect();
      if (rect) setShown({ width: rect.width, height: rect.height });
    };
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  useEffect(() => () => {
    if (source.src.startsWith('blob:')) URL.revokeObjectURL(source.src);
  }, [source.src]);

  const loaded = () => {
    const element = image.current;
    if (!element) return;
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    const rect = element.getBoundingClientRect();
    setNatural(size);
    setShown({ width: rect.width, height: rect.height });
    setCrop(firstCrop(shape, size));
    setCut(null);
  };

  const reshape = (next: Shape) => {
    setShape(next);
    if (natural) setCrop(firstCrop(next, natural));
  };

  const area = crop && natural ? pixelAreaOf(crop, natural) : null;
  const pictureTooSmall = natural !== null && (natural.width < CROP_MIN_PX || natural.height < CROP_MIN_PX);
  const cropTooSmall = area !== null && (area.width < CROP_MIN_PX || area.height < CROP_MIN_PX);
  const problem = pictureTooSmall
    ? `This picture is ${natural.width} × ${natural.height} px: a cut needs at least ${CROP_MIN_PX} px a side.`
    : cropTooSmall
      ? `A cut must be at least ${CROP_MIN_PX} px wide and ${CROP_MIN_PX} px high.`
      : null;
  // The library works in displayed pixels: the minimum is scaled from the picture's own.
  const scale = natural && shown && natural.width > 0 && natural.height > 0 ? { x: shown.width / natural.width, y: shown.height / natural.height } : { x: 1, y: 1 };

  const makeCut = () => {
    const element = image.current;
    if (!area || problem || !element) return;
    const canvas = document.createElement('canvas');
    canvas.width = area.width;
    canvas.height = area.height;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(element, area.x, area.y, area.width, area.height, 0, 0, area.width, area.height);
    setCut({ src: canvas.toDataURL('image/png'), width: area.width, height: area.height });
  };

  return (
    <Showcase title="Image cut" blurb={`Cut a picture to the part you want. The cut is never smaller than ${CROP_MIN_PX} px on either side.`}>
      <Specimen
        title="Cropper"
        note="Drag the crop or its edges. With the keyboard, tab to the crop area and move it with the arrow keys, then tab on to an edge or a corner and resize with them; Shift goes ten times further."
      >
        <div className="dev-row">
          <Segmented label="Shape of the cut" options={shapes} value={shape} onChange={reshape} />
          <input
            ref={picker}
            id={fileId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            aria-label="Picture to cut"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) setSource({ src: URL.createObjectURL(file), name: file.name });
              event.target.value = '';
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => picker.current?.click()}>
            Choose a picture
          </Button>
          {source.src !== SAMPLE_PICTURE && (
            <Button variant="ghost" size="sm" onClick={() => setSource({ src: SAMPLE_PICTURE, name: 'the sample picture' })}>
              Back to the sample
            </Button>
          )}
        </div>
        <div className="dev-cut">
          <div className="dev-cut__stage">
            <ReactCrop
              crop={crop ?? undefined}
              onChange={(_pixels, percent) => setCrop(percent)}
              aspect={shape === 'square' ? 1 : undefined}
              minWidth={CROP_MIN_PX * scale.x}
              minHeight={CROP_MIN_PX * scale.y}
              keepSelection
              ruleOfThirds
              ariaLabels={ariaLabels}
              disabled={pictureTooSmall}
            >
              <img ref={image} src={source.src} alt={`Picture to cut: ${source.name}`} onLoad={loaded} />
            </ReactCrop>
          </div>
          <div className="dev-cut__result">
            {area && (
              <Readout label="Crop">
                {area.width} × {area.height} px, from {area.x}, {area.y}
              </Readout>
            )}
            {problem && (
              <p className="field__error" role="alert">
                <ErrorIcon width="16" height="16" />
                <span>{problem}</span>
              </p>
            )}
            <Button onClick={makeCut} disabled={area === null || problem !== null}>
              Cut
            </Button>
            {cut && (
              <figure className="dev-cut__figure">
                <img src={cut.src} alt={`The cut, ${cut.width} × ${cut.height} px`} />
                <figcaption className="dev-specimen__note">
                  The cut: {cut.width} × {cut.height} px
                </figcaption>
              </figure>
            )}
          </div>
        </div>
      </Specimen>
    </Showcase>
  );
}
