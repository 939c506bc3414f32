import {
  AudioWaveform,
  Disc3,
  Headphones,
  Layers,
  MicVocal,
  Music,
  Radio,
  SlidersHorizontal,
  Speaker,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import type { ServiceIcon as ServiceIconName } from '#common/site-content/services.ts';

/** The drawing of each icon a service may choose (SERVICE_ICONS). */
export const SERVICE_ICON_COMPONENTS: Record<ServiceIconName, LucideIcon> = {
  'sliders-horizontal': SlidersHorizontal,
  'mic-vocal': MicVocal,
  'audio-waveform': AudioWaveform,
  headphones: Headphones,
  disc: Disc3,
  layers: Layers,
  'wand-sparkles': WandSparkles,
  music: Music,
  radio: Radio,
  speaker: Speaker,
};

/** How the editor names each icon. */
export const SERVICE_ICON_LABELS: Record<ServiceIconName, string> = {
  'sliders-horizontal': 'Mixing desk',
  'mic-vocal': 'Microphone',
  'audio-waveform': 'Waveform',
  headphones: 'Headphones',
  disc: 'Record',
  layers: 'Stems',
  'wand-sparkles': 'Restoration',
  music: 'Music note',
  radio: 'Radio',
  speaker: 'Speaker',
};

/** A decorative icon: the service's name beside it says what it is. */
export function ServiceIcon({ icon, className }: { icon: ServiceIconName; className?: string }) {
  const Icon = SERVICE_ICON_COMPONENTS[icon] ?? Music;
  return <Icon aria-hidden="true" className={className} />;
}
