import { ChatIcon } from '../../ui/icons.tsx';

type Props = { price: string; onMessage: () => void };

/**
 * Phones: the price and 'Trimite mesaj' stay at the bottom of the screen, above the bottom navigation,
 * from the first screen on (the seller card comes after the photos and the description). It ends the
 * page in the normal flow, so scrolled to the end it covers nothing. Not shown on one's own
 * announcement.
 */
export function ContactBar({ price, onMessage }: Props) {
  return (
    <div className="contact-bar">
      <p className="contact-bar-price">{price}</p>
      <button type="button" className="btn btn-primary" onClick={onMessage}>
        <ChatIcon size={20} />
        Trimite mesaj
      </button>
    </div>
  );
}
