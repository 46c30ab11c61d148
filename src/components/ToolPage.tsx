import type { ReactNode } from 'react';

export interface InfoCard {
  title: string;
  text: ReactNode;
}

/** The frame of every tool page: title, short description, the tool, then info cards. */
export function ToolPage({ title, description, children, infoCards = [] }: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  infoCards?: InfoCard[];
}) {
  return (
    <article className="tool-page">
      <header className="tool-header">
        <h1>{title}</h1>
        <p className="tool-description">{description}</p>
      </header>
      {children}
      {infoCards.length > 0 && <InfoCards cards={infoCards} />}
    </article>
  );
}

export function InfoCards({ cards }: { cards: InfoCard[] }) {
  return (
    <section className="info-cards" aria-label="Tips and features">
      {cards.map((c) => (
        <div className="info-card" key={c.title}>
          <h3>{c.title}</h3>
          <div>{c.text}</div>
        </div>
      ))}
    </section>
  );
}
