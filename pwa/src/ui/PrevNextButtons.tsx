import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

type Props = {
  /** The accessible names: previous, next. */
  labels: readonly [string, string];
  /** Each button's class: previous, next. */
  classes?: readonly [string, string];
  size?: number;
  onStep: (direction: -1 | 1) => void;
};

const STEPS = [
  { direction: -1, Icon: ChevronLeftIcon },
  { direction: 1, Icon: ChevronRightIcon },
] as const;

/** The back/forward arrow pair of every carousel (cards, photos, the zoom viewer). */
export function PrevNextButtons({ labels, classes = ['icon-btn', 'icon-btn'], size, onStep }: Props) {
  return STEPS.map(({ direction, Icon }, i) => (
    <button
      key={direction}
      type="button"
      className={classes[i]}
      aria-label={labels[i]}
      onClick={() => onStep(direction)}
    >
      <Icon size={size} />
    </button>
  ));
}
