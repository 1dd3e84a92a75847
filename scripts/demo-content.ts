/**
 * Demo catalogue for screenshots, the Lighthouse audit and local exploring: real places with text
 * in all five languages. Images are generated (scripts/seed-demo.ts), so nothing is downloaded.
 */
type L = 'en' | 'es' | 'de' | 'fr' | 'zh';
type Texts<T> = Record<L, T>;

export interface DemoCountry {
  slug: string;
  palette: number;
  text: Texts<{ name: string; description: string }>;
}

export interface DemoCity {
  slug: string;
  country: string;
  palette: number;
  text: Texts<{ name: string; description: string }>;
}

export interface DemoPlace {
  slug: string;
  date: string;
  lat: number;
  lng: number;
  palette: number;
  galleryCount: number;
  text: Texts<{ title: string; description: string; full: string; location: string; country: string }>;
  history?: { year: string; description: string }[];
  facts?: { question: string; answer: string }[];
  /** Its themes (ids of src/shared/themes.ts), chosen by a person. */
  themes: string[];
}

export const DEMO_COUNTRIES: DemoCountry[] = [
  {
    slug: 'portugal',
    palette: 0,
    text: {
      en: {
        name: 'Portugal',
        description:
          'A coastline of golden cliffs, tiled façades and hilltop towns, where Atlantic light turns every street into a postcard and every meal ends with a pastel de nata.',
      },
      es: {
        name: 'Portugal',
        description:
          'Una costa de acantilados dorados, fachadas de azulejos y pueblos en lo alto de las colinas, donde la luz del Atlántico convierte cada calle en una postal.',
      },
      de: {
        name: 'Portugal',
        description:
          'Goldene Klippen, gekachelte Fassaden und Städte auf Hügeln: Das Licht des Atlantiks macht hier jede Gasse zur Postkarte.',
      },
      fr: {
        name: 'Portugal',
        description:
          'Des falaises dorées, des façades en azulejos et des villes perchées, où la lumière de l’Atlantique transforme chaque rue en carte postale.',
      },
      zh: {
        name: '葡萄牙',
        description: '金色的悬崖、瓷砖装饰的外墙和山顶小城，大西洋的光线让每一条街道都像一张明信片。',
      },
    },
  },
  {
    slug: 'japan',
    palette: 1,
    text: {
      en: {
        name: 'Japan',
        description:
          'Ancient shrines beside neon streets, quiet gardens and mountain paths: Japan rewards the patient traveller with beauty in the smallest details.',
      },
      es: {
        name: 'Japón',
        description:
          'Santuarios milenarios junto a calles de neón, jardines serenos y senderos de montaña: Japón premia al viajero paciente con belleza en cada detalle.',
      },
      de: {
        name: 'Japan',
        description:
          'Uralte Schreine neben Neonstraßen, stille Gärten und Bergpfade: Japan belohnt geduldige Reisende mit Schönheit im kleinsten Detail.',
      },
      fr: {
        name: 'Japon',
        description:
          'Des sanctuaires millénaires à côté des rues néon, des jardins paisibles et des sentiers de montagne : le Japon récompense le voyageur patient.',
      },
      zh: {
        name: '日本',
        description: '古老的神社与霓虹街道相邻，静谧的庭园与山间小径交织：日本用细节之美回报每一位耐心的旅行者。',
      },
    },
  },
  {
    slug: 'peru',
    palette: 2,
    text: {
      en: {
        name: 'Peru',
        description:
          'From the Andes to the Amazon, Peru holds the stones of the Inca empire, colourful markets and one of the world’s great kitchens.',
      },
      es: {
        name: 'Perú',
        description:
          'De los Andes a la Amazonía, el Perú guarda las piedras del imperio inca, mercados llenos de color y una de las grandes cocinas del mundo.',
      },
      de: {
        name: 'Peru',
        description:
          'Von den Anden bis zum Amazonas: Peru bewahrt die Steine des Inkareichs, farbenfrohe Märkte und eine der großen Küchen der Welt.',
      },
      fr: {
        name: 'Pérou',
        description:
          'Des Andes à l’Amazonie, le Pérou garde les pierres de l’empire inca, des marchés colorés et l’une des grandes cuisines du monde.',
      },
      zh: {
        name: '秘鲁',
        description: '从安第斯山脉到亚马孙雨林，秘鲁保存着印加帝国的石墙、色彩缤纷的市集和世界一流的美食。',
      },
    },
  },
];

export const DEMO_CITIES: DemoCity[] = [
  {
    slug: 'lisbon',
    country: 'Portugal',
    palette: 3,
    text: {
      en: {
        name: 'Lisbon',
        description:
          'Seven hills, yellow trams and the wide Tagus river: Lisbon is a city of viewpoints, fado and long golden evenings.',
      },
      es: {
        name: 'Lisboa',
        description:
          'Siete colinas, tranvías amarillos y el ancho río Tajo: Lisboa es una ciudad de miradores, fado y largas tardes doradas.',
      },
      de: {
        name: 'Lissabon',
        description:
          'Sieben Hügel, gelbe Straßenbahnen und der breite Tejo: Lissabon ist eine Stadt der Aussichtspunkte, des Fado und langer goldener Abende.',
      },
      fr: {
        name: 'Lisbonne',
        description:
          'Sept collines, des tramways jaunes et le large Tage : Lisbonne est une ville de belvédères, de fado et de longues soirées dorées.',
      },
      zh: {
        name: '里斯本',
        description: '七座山丘、黄色有轨电车和宽阔的塔霍河：里斯本是观景台、法朵音乐和金色黄昏之城。',
      },
    },
  },
  {
    slug: 'porto',
    country: 'Portugal',
    palette: 4,
    text: {
      en: {
        name: 'Porto',
        description:
          'Stacked houses tumble down to the Douro, where port-wine lodges and iron bridges frame one of Europe’s most photogenic riversides.',
      },
      es: {
        name: 'Oporto',
        description:
          'Casas escalonadas bajan hasta el Duero, donde bodegas de oporto y puentes de hierro enmarcan una de las riberas más fotogénicas de Europa.',
      },
      de: {
        name: 'Porto',
        description:
          'Übereinander gestapelte Häuser fallen zum Douro ab, wo Portweinkellereien und Eisenbrücken eines der schönsten Flussufer Europas rahmen.',
      },
      fr: {
        name: 'Porto',
        description:
          'Des maisons en cascade descendent vers le Douro, où les caves de porto et les ponts de fer encadrent l’une des plus belles rives d’Europe.',
      },
      zh: {
        name: '波尔图',
        description: '层层叠叠的房屋一路延伸到杜罗河畔，波特酒窖和铁桥勾勒出欧洲最上镜的河岸之一。',
      },
    },
  },
  {
    slug: 'kyoto',
    country: 'Japan',
    palette: 5,
    text: {
      en: {
        name: 'Kyoto',
        description:
          'For a thousand years the imperial capital, Kyoto keeps 1,600 temples, wooden tea houses and gardens raked into perfect calm.',
      },
      es: {
        name: 'Kioto',
        description:
          'Capital imperial durante mil años, Kioto conserva 1600 templos, casas de té de madera y jardines rastrillados con una calma perfecta.',
      },
      de: {
        name: 'Kyoto',
        description:
          'Tausend Jahre lang Kaiserstadt: Kyoto bewahrt 1.600 Tempel, hölzerne Teehäuser und Gärten, die in vollkommene Ruhe geharkt sind.',
      },
      fr: {
        name: 'Kyoto',
        description:
          'Capitale impériale pendant mille ans, Kyoto conserve 1 600 temples, des maisons de thé en bois et des jardins ratissés avec une sérénité parfaite.',
      },
      zh: { name: '京都', description: '作为千年帝都，京都保留着一千六百座寺庙、木造茶屋和耙出完美宁静的枯山水庭园。' },
    },
  },
  {
    slug: 'cusco',
    country: 'Peru',
    palette: 6,
    text: {
      en: {
        name: 'Cusco',
        description:
          'The old Inca capital sits at 3,400 metres, its colonial churches built on walls of perfectly fitted stone.',
      },
      es: {
        name: 'Cusco',
        description:
          'La antigua capital inca se alza a 3400 metros, con iglesias coloniales construidas sobre muros de piedra perfectamente encajada.',
      },
      de: {
        name: 'Cusco',
        description:
          'Die alte Inkahauptstadt liegt auf 3.400 Metern; ihre Kolonialkirchen stehen auf Mauern aus passgenau gefügtem Stein.',
      },
      fr: {
        name: 'Cuzco',
        description:
          'L’ancienne capitale inca s’élève à 3 400 mètres, ses églises coloniales bâties sur des murs de pierres parfaitement ajustées.',
      },
      zh: { name: '库斯科', description: '这座古老的印加首都海拔三千四百米，殖民时期的教堂就建在严丝合缝的石墙之上。' },
    },
  },
];

const portugal = { en: 'Portugal', es: 'Portugal', de: 'Portugal', fr: 'Portugal', zh: '葡萄牙' };
const japan = { en: 'Japan', es: 'Japón', de: 'Japan', fr: 'Japon', zh: '日本' };
const peru = { en: 'Peru', es: 'Perú', de: 'Peru', fr: 'Pérou', zh: '秘鲁' };
const lisbon = { en: 'Lisbon', es: 'Lisboa', de: 'Lissabon', fr: 'Lisbonne', zh: '里斯本' };
const porto = { en: 'Porto', es: 'Oporto', de: 'Porto', fr: 'Porto', zh: '波尔图' };
const kyoto = { en: 'Kyoto', es: 'Kioto', de: 'Kyoto', fr: 'Kyoto', zh: '京都' };
const cusco = { en: 'Cusco', es: 'Cusco', de: 'Cusco', fr: 'Cuzco', zh: '库斯科' };

function texts(
  location: Record<L, string>,
  country: Record<L, string>,
  t: Record<L, [title: string, description: string, full: string]>,
): DemoPlace['text'] {
  const out = {} as DemoPlace['text'];
  for (const lang of ['en', 'es', 'de', 'fr', 'zh'] as const) {
    const [title, description, full] = t[lang];
    out[lang] = { title, description, full, location: location[lang], country: country[lang] };
  }
  return out;
}

export const DEMO_PLACES: DemoPlace[] = [
  {
    slug: 'belem-tower',
    themes: ['monuments', 'water'],
    date: '2024-09-14',
    lat: 38.6916,
    lng: -9.216,
    palette: 7,
    galleryCount: 3,
    text: texts(lisbon, portugal, {
      en: [
        'Belém Tower',
        'A limestone fortress standing in the Tagus, where Portugal’s explorers set sail.',
        'Built between 1514 and 1519 to guard the entrance to Lisbon’s harbour, the tower is the finest example of the Manueline style, decorated with carved ropes, armillary spheres and even a rhinoceros.\n\nCome at low tide in the late afternoon, when the stone glows gold and you can walk almost all the way around its base.',
      ],
      es: [
        'Torre de Belém',
        'Una fortaleza de piedra caliza en el Tajo, desde donde zarparon los exploradores portugueses.',
        'Construida entre 1514 y 1519 para vigilar la entrada del puerto de Lisboa, la torre es el mejor ejemplo del estilo manuelino, con cuerdas talladas, esferas armilares y hasta un rinoceronte.\n\nVen con la marea baja al final de la tarde, cuando la piedra se vuelve dorada.',
      ],
      de: [
        'Turm von Belém',
        'Eine Festung aus Kalkstein im Tejo, von der aus Portugals Seefahrer in See stachen.',
        'Der zwischen 1514 und 1519 erbaute Turm bewachte die Hafeneinfahrt Lissabons und ist das schönste Beispiel des manuelinischen Stils – mit gemeißelten Tauen, Armillarsphären und sogar einem Nashorn.\n\nAm schönsten ist er bei Ebbe am späten Nachmittag, wenn der Stein golden leuchtet.',
      ],
      fr: [
        'Tour de Belém',
        'Une forteresse de calcaire dressée dans le Tage, d’où partaient les explorateurs portugais.',
        'Construite entre 1514 et 1519 pour garder l’entrée du port de Lisbonne, la tour est le plus bel exemple du style manuélin, ornée de cordages sculptés, de sphères armillaires et même d’un rhinocéros.\n\nVenez à marée basse en fin d’après-midi, quand la pierre devient dorée.',
      ],
      zh: [
        '贝伦塔',
        '矗立在塔霍河中的石灰岩堡垒，葡萄牙航海家们曾从这里扬帆远航。',
        '贝伦塔建于1514年至1519年，用于守卫里斯本港口的入口，是曼努埃尔风格的典范，雕刻着绳索、浑天仪，甚至还有一头犀牛。\n\n建议在傍晚退潮时前来，石墙会被夕阳染成金色。',
      ],
    }),
    history: [
      { year: '1514', description: 'King Manuel I orders a fortress to defend the mouth of the Tagus.' },
      { year: '1580', description: 'Spanish troops take the tower during the Portuguese succession crisis.' },
      { year: '1983', description: 'Listed as a UNESCO World Heritage Site with the nearby Jerónimos Monastery.' },
    ],
    facts: [
      {
        question: 'Why is there a rhinoceros on the tower?',
        answer:
          'It recalls the rhino sent to King Manuel I from India in 1515, the first seen in Europe since Roman times.',
      },
      {
        question: 'Was the tower always in the river?',
        answer: 'No. It was built on an island; the river bank moved closer over the centuries.',
      },
      {
        question: 'What was the basement used for?',
        answer: 'It served as a damp, tide-flooded prison until the 19th century.',
      },
    ],
  },
  {
    slug: 'miradouro-da-senhora-do-monte',
    themes: ['viewpoints'],
    date: '2024-09-12',
    lat: 38.7189,
    lng: -9.1327,
    palette: 8,
    galleryCount: 1,
    text: texts(lisbon, portugal, {
      en: [
        'Senhora do Monte Viewpoint',
        'Lisbon’s highest viewpoint, with the castle, the river and the red rooftops at your feet.',
        'Climb past the chapel of Our Lady of the Mount to a terrace shaded by pine trees. From here the whole city unfolds, from São Jorge Castle to the 25 de Abril bridge.\n\nLocals come at sunset with a drink from the kiosk; arrive early to find a spot on the wall.',
      ],
      es: [
        'Mirador de Senhora do Monte',
        'El mirador más alto de Lisboa, con el castillo, el río y los tejados rojos a tus pies.',
        'Sube junto a la capilla de Nuestra Señora del Monte hasta una terraza con pinos. Desde aquí se ve toda la ciudad, del castillo de San Jorge al puente 25 de Abril.\n\nLos lisboetas vienen al atardecer; llega pronto para encontrar sitio.',
      ],
      de: [
        'Aussichtspunkt Senhora do Monte',
        'Lissabons höchster Aussichtspunkt mit Burg, Fluss und roten Dächern zu deinen Füßen.',
        'Vorbei an der Kapelle Unserer Lieben Frau vom Berg erreichst du eine von Pinien beschattete Terrasse. Von hier reicht der Blick von der Burg São Jorge bis zur Brücke des 25. April.\n\nZum Sonnenuntergang kommen die Einheimischen – sei früh da.',
      ],
      fr: [
        'Belvédère de Senhora do Monte',
        'Le plus haut belvédère de Lisbonne, avec le château, le fleuve et les toits rouges à vos pieds.',
        'Passez la chapelle Notre-Dame-du-Mont pour rejoindre une terrasse ombragée de pins. Toute la ville s’y déploie, du château Saint-Georges au pont du 25-Avril.\n\nLes Lisboètes y viennent au coucher du soleil : arrivez tôt.',
      ],
      zh: [
        '山顶圣母观景台',
        '里斯本最高的观景台，城堡、河流和红色屋顶尽收眼底。',
        '经过山顶圣母小教堂，来到松树遮荫的平台。从圣若热城堡到四二五大桥，整座城市在眼前展开。\n\n当地人喜欢在日落时来这里，最好早点到占个位置。',
      ],
    }),
  },
  {
    slug: 'dom-luis-i-bridge',
    themes: ['water', 'old-towns'],
    date: '2024-08-30',
    lat: 41.1399,
    lng: -8.6094,
    palette: 9,
    galleryCount: 2,
    text: texts(porto, portugal, {
      en: [
        'Dom Luís I Bridge',
        'A double-deck iron arch joining Porto to the wine cellars of Vila Nova de Gaia.',
        'Opened in 1886, the bridge was designed by a partner of Gustave Eiffel. Walk the upper deck beside the metro for dizzying views over the Ribeira, then take the cable car down to the port lodges.',
      ],
      es: [
        'Puente Don Luis I',
        'Un arco de hierro de dos pisos que une Oporto con las bodegas de Vila Nova de Gaia.',
        'Inaugurado en 1886, lo diseñó un socio de Gustave Eiffel. Cruza por el tablero superior junto al metro para ver la Ribeira desde lo alto y baja en teleférico hasta las bodegas.',
      ],
      de: [
        'Brücke Dom Luís I',
        'Ein doppelstöckiger Eisenbogen zwischen Porto und den Weinkellern von Vila Nova de Gaia.',
        'Die 1886 eröffnete Brücke entwarf ein Partner Gustave Eiffels. Über das obere Deck neben der Metro geht es mit schwindelerregendem Blick auf die Ribeira, danach per Seilbahn hinunter zu den Portweinkellern.',
      ],
      fr: [
        'Pont Dom-Luís-Ier',
        'Une arche de fer à deux tabliers reliant Porto aux caves de Vila Nova de Gaia.',
        'Inauguré en 1886, le pont fut conçu par un associé de Gustave Eiffel. Traversez le tablier supérieur à côté du métro pour une vue vertigineuse sur la Ribeira, puis descendez en téléphérique vers les caves.',
      ],
      zh: [
        '路易一世大桥',
        '一座双层铁拱桥，连接波尔图与加亚新城的酒窖。',
        '大桥于1886年通车，由埃菲尔的合伙人设计。沿着地铁旁的上层桥面步行，可俯瞰里贝拉河岸，再乘缆车下到波特酒窖。',
      ],
    }),
    history: [
      { year: '1881', description: 'Construction begins to replace an older suspension bridge.' },
      { year: '1886', description: 'The bridge opens with road traffic on both decks.' },
      { year: '2005', description: 'The upper deck is given over to the Porto Metro and pedestrians.' },
    ],
  },
  {
    slug: 'fushimi-inari-taisha',
    themes: ['churches', 'nature'],
    date: '2024-04-06',
    lat: 34.9671,

    lng: 135.7727,
    palette: 10,
    galleryCount: 3,
    text: texts(kyoto, japan, {
      en: [
        'Fushimi Inari Taisha',
        'Thousands of vermilion torii gates climbing a sacred mountain in southern Kyoto.',
        'The shrine is dedicated to Inari, the spirit of rice and prosperity, and its gates were each donated by a business or family. The full loop to the summit of Mount Inari takes two to three hours.\n\nStart at dawn to walk the tunnels in near silence, with only the foxes of stone for company.',
      ],
      es: [
        'Fushimi Inari Taisha',
        'Miles de puertas torii bermellón que suben por una montaña sagrada del sur de Kioto.',
        'El santuario está dedicado a Inari, espíritu del arroz y la prosperidad, y cada puerta fue donada por una empresa o una familia. La ruta completa hasta la cima dura de dos a tres horas.\n\nEmpieza al amanecer para recorrer los túneles casi en silencio.',
      ],
      de: [
        'Fushimi Inari Taisha',
        'Tausende zinnoberrote Torii-Tore ziehen sich einen heiligen Berg im Süden Kyotos hinauf.',
        'Der Schrein ist Inari geweiht, der Gottheit des Reises und des Wohlstands; jedes Tor wurde von einer Firma oder Familie gestiftet. Der Rundweg zum Gipfel dauert zwei bis drei Stunden.\n\nWer bei Sonnenaufgang startet, hat die Tunnel fast für sich allein.',
      ],
      fr: [
        'Fushimi Inari Taisha',
        'Des milliers de portiques torii vermillon gravissant une montagne sacrée au sud de Kyoto.',
        'Le sanctuaire est dédié à Inari, divinité du riz et de la prospérité, et chaque portique a été offert par une entreprise ou une famille. La boucle jusqu’au sommet prend deux à trois heures.\n\nPartez à l’aube pour parcourir les tunnels presque en silence.',
      ],
      zh: [
        '伏见稻荷大社',
        '数千座朱红色鸟居沿着京都南部的神山蜿蜒而上。',
        '神社供奉掌管稻米与繁荣的稻荷神，每一座鸟居都由企业或家庭捐献。环山步道登顶往返约需两到三小时。\n\n清晨出发，几乎可以独享这条鸟居隧道。',
      ],
    }),
    history: [
      { year: '711', description: 'The shrine is founded on Mount Inari, before Kyoto became the capital.' },
      { year: '1499', description: 'The main hall is rebuilt after the Ōnin War; it still stands today.' },
    ],
    facts: [
      { question: 'How many torii gates are there?', answer: 'Around 10,000, and new ones are added every year.' },
      {
        question: 'Why are there so many foxes?',
        answer: 'Foxes are Inari’s messengers; many hold a key to the rice granary in their mouths.',
      },
    ],
  },
  {
    slug: 'kinkaku-ji',
    themes: ['churches', 'gardens'],
    date: '2024-04-04',
    lat: 35.0394,
    lng: 135.7292,
    palette: 11,
    galleryCount: 0,
    text: texts(kyoto, japan, {
      en: [
        'Kinkaku-ji, the Golden Pavilion',
        'A Zen temple covered in gold leaf, mirrored in a still pond.',
        'The pavilion was a shogun’s retirement villa before it became a temple. The building you see was rebuilt in 1955 after a fire, and regilded in the 1980s with far thicker gold leaf.',
      ],
      es: [
        'Kinkaku-ji, el Pabellón Dorado',
        'Un templo zen cubierto de pan de oro que se refleja en un estanque tranquilo.',
        'El pabellón fue la villa de retiro de un sogún antes de convertirse en templo. El edificio actual se reconstruyó en 1955 tras un incendio.',
      ],
      de: [
        'Kinkaku-ji, der Goldene Pavillon',
        'Ein mit Blattgold überzogener Zen-Tempel, der sich in einem stillen Teich spiegelt.',
        'Der Pavillon war die Alterresidenz eines Shoguns, bevor er zum Tempel wurde. Das heutige Gebäude wurde 1955 nach einem Brand wieder aufgebaut.',
      ],
      fr: [
        'Kinkaku-ji, le Pavillon d’or',
        'Un temple zen couvert de feuilles d’or qui se reflète dans un étang immobile.',
        'Le pavillon fut la villa de retraite d’un shogun avant de devenir un temple. Le bâtiment actuel a été reconstruit en 1955 après un incendie.',
      ],
      zh: [
        '金阁寺',
        '一座覆盖金箔的禅寺，倒映在平静的镜湖池中。',
        '金阁原是幕府将军的隐居别墅，后改为寺院。现在的建筑是1955年火灾后重建的。',
      ],
    }),
  },
  {
    slug: 'sacsayhuaman',
    themes: ['monuments', 'nature'],
    date: '2023-11-18',
    lat: -13.5094,
    lng: -71.9817,
    palette: 12,
    galleryCount: 2,
    text: texts(cusco, peru, {
      en: [
        'Sacsayhuamán',
        'Zigzag walls of giant stones above Cusco, fitted so tightly no blade slips between them.',
        'The largest blocks weigh more than 100 tonnes, yet they were shaped and fitted without mortar. Every 24 June the esplanade hosts Inti Raymi, the Inca festival of the sun.',
      ],
      es: [
        'Sacsayhuamán',
        'Muros en zigzag de piedras gigantes sobre Cusco, tan ajustadas que no entra ni una hoja de cuchillo.',
        'Los bloques más grandes pesan más de 100 toneladas y se encajaron sin argamasa. Cada 24 de junio la explanada acoge el Inti Raymi, la fiesta inca del sol.',
      ],
      de: [
        'Sacsayhuamán',
        'Zickzackmauern aus riesigen Steinen über Cusco, so dicht gefügt, dass keine Klinge dazwischen passt.',
        'Die größten Blöcke wiegen über 100 Tonnen und wurden ohne Mörtel eingepasst. Jedes Jahr am 24. Juni findet hier Inti Raymi statt, das Sonnenfest der Inka.',
      ],
      fr: [
        'Sacsayhuamán',
        'Des murs en zigzag de pierres géantes au-dessus de Cuzco, si bien ajustées qu’aucune lame ne s’y glisse.',
        'Les plus grands blocs pèsent plus de 100 tonnes et ont été assemblés sans mortier. Chaque 24 juin, l’esplanade accueille l’Inti Raymi, la fête inca du soleil.',
      ],
      zh: [
        '萨克塞瓦曼',
        '库斯科城外的巨石锯齿形城墙，石块之间严丝合缝，连刀片都插不进去。',
        '最大的石块重逾百吨，却无需灰浆便拼合在一起。每年6月24日，这里都会举行印加太阳节。',
      ],
    }),
    facts: [
      { question: 'How heavy is the largest stone?', answer: 'Estimates reach about 125 tonnes.' },
      { question: 'What does the name mean?', answer: 'It is usually translated from Quechua as “satisfied falcon”.' },
    ],
  },
];
