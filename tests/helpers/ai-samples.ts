/** A photo analysis as a model answers it, and the photo it is asked about: for the AI provider tests. */
export const sampleAnalysis = {
  title: 'Sunset at the Iron Lady',
  summary: 'The Eiffel Tower glowing at dusk.',
  travelArticle: 'Paragraph one.\n\nParagraph two.',
  imageDescription: 'The Eiffel Tower against an orange sky.',
  placeName: 'Eiffel Tower',
  themes: ['monuments', 'viewpoints'],
};

export const sampleImage = {
  image: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
  mimeType: 'image/jpeg',
  latitude: 48.8584,
  longitude: 2.2945,
  city: 'Paris',
  country: 'France',
  date: '2024-05-01T10:00:00.000Z',
  story: 'We climbed to the top at sunset.',
};

/** The model's text of "Write it again with the model" (place-rewrite tests). */
export const rewriteAnalysis = {
  title: 'Colosseum at Noon',
  summary: 'The great amphitheatre of Rome in full sun.',
  travelArticle: 'Rome at noon.\n\nBuy tickets online to skip the queue.',
  imageDescription: 'The Colosseum under a blue sky.',
  placeName: 'Colosseum',
};
