import { useSyncExternalStore } from 'react';

export const CONFETTI_PARTICLES = 50;

const colors = ['#E43C13', '#F59E0B', '#10B981', '#3B82F6', '#8B5CF6', '#EC4899'];

// Fixed per index so a re-render never reshuffles the pieces.
const particles = Array.from({ length: CONFETTI_PARTICLES }, (_, index) => {
  const spread = (index * 37) % 100;
  return {
    left: spread,
    delay: ((index * 53) % 60) / 100,
    duration: 2.2 + ((index * 29) % 80) / 100,
    drift: ((index * 71) % 120) - 60,
    rotate: (index * 97) % 360,
    size: 6 + (index % 4) * 2,
    round: index % 3 === 0,
    color: colors[index % colors.length],
    restTop: 8 + ((index * 43) % 70),
  };
});

const keyframes = `
@keyframes store-confetti-fall {
  0% { transform: translate3d(0, -10vh, 0) rotate(0deg); opacity: 1; }
  85% { opacity: 1; }
  100% { transform: translate3d(var(--drift), 105vh, 0) rotate(var(--spin)); opacity: 0; }
}`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The success dialog's 50-particle confetti, in CSS. With reduced motion
 * the pieces rest scattered over the top of the screen instead of falling.
 */
export function Confetti() {
  const reduced = useSyncExternalStore(subscribe, prefersReducedMotion, () => true);
  return (
    <div
      aria-hidden="true"
      data-testid="confetti"
      data-motion={reduced ? 'reduced' : 'full'}
      className="pointer-events-none fixed inset-0 z-[60] overflow-hidden"
    >
      {!reduced && <style>{keyframes}</style>}
      {particles.map((particle, index) => (
        <span
          key={index}
          data-testid="confetti-particle"
          className="absolute block"
          style={{
            left: `${particle.left}%`,
            top: reduced ? `${particle.restTop}%` : 0,
            width: particle.size,
            height: particle.round ? particle.size : particle.size * 0.45,
            borderRadius: particle.round ? '9999px' : '1px',
            backgroundColor: particle.color,
            transform: reduced ? `rotate(${particle.rotate}deg)` : undefined,
            opacity: reduced ? 0.85 : undefined,
            ['--drift' as string]: `${particle.drift}px`,
            ['--spin' as string]: `${particle.rotate + 540}deg`,
            animation: reduced ? undefined : `store-confetti-fall ${particle.duration}s cubic-bezier(0.25, 0.6, 0.4, 1) ${particle.delay}s both`,
          }}
        />
      ))}
    </div>
  );
}
