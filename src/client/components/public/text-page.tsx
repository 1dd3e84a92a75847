import { PlainHero } from './page-sections';

/**
 * A page of plain text under a title: the footer pages the operator configures and the built-in
 * how-we-write page. Lines are kept as written (an address in an imprint).
 */
export function TextPage({ title, paragraphs }: { title: string; paragraphs: readonly string[] }) {
  return (
    <>
      <PlainHero>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
      </PlainHero>
      <div className="article-body">
        <div className="prose-text">
          {paragraphs.map((paragraph, i) => (
            <p key={i} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </div>
    </>
  );
}
