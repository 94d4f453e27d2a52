import { useState } from 'react';
import { ImageUpload, type HeldImage } from '../newsrooms/ImageUpload.tsx';
import { Readout, Showcase, Specimen } from './Showcase.tsx';
import '../newsrooms/newsrooms.css';

const described = (image: HeldImage | null) => (image ? `upload ${image.id} at ${image.path}` : 'none');

/** `/development/img/selector`: the image selector of the newsroom and community forms, in its two shapes. */
export function ImageSelectorPage() {
  const [logo, setLogo] = useState<HeldImage | null>(null);
  const [banner, setBanner] = useState<HeldImage | null>(null);
  return (
    <Showcase title="Image selector" blurb="An image is uploaded as soon as it is chosen, shown, and can be replaced or taken off. JPEG, PNG, WebP and GIF.">
      <Specimen title="Square" note="For logos.">
        <ImageUpload label="Logo" value={logo} onChange={setLogo} hint="A square image works best." />
        <Readout label="Chosen logo">{described(logo)}</Readout>
      </Specimen>
      <Specimen title="Wide" note="For banners.">
        <ImageUpload label="Banner" shape="wide" value={banner} onChange={setBanner} hint="About three times as wide as it is high." />
        <Readout label="Chosen banner">{described(banner)}</Readout>
      </Specimen>
    </Showcase>
  );
}
