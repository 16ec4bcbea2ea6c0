/**
 * The built-in gazetteer of the local geocoder: major cities with their country and position
 * (WGS84, city centre, two decimals ≈ 1 km), one per line as `names|country names|lat|lng`, names
 * separated by `/` (English first, then local spellings). The first city of a country is its
 * capital: an address naming only the country lands there. Positions from public atlases.
 */
const PLACES = `
Chicago|United States/USA/US/Estados Unidos/Vereinigte Staaten|41.88|-87.63
Washington/Washington DC|United States/USA/US/Estados Unidos/Vereinigte Staaten|38.9|-77.04
New York/New York City/NYC/Nueva York|United States/USA/US/Estados Unidos/Vereinigte Staaten|40.71|-74.01
Los Angeles|United States/USA/US/Estados Unidos/Vereinigte Staaten|34.05|-118.24
San Francisco|United States/USA/US/Estados Unidos/Vereinigte Staaten|37.77|-122.42
Seattle|United States/USA/US/Estados Unidos/Vereinigte Staaten|47.61|-122.33
Boston|United States/USA/US/Estados Unidos/Vereinigte Staaten|42.36|-71.06
Miami|United States/USA/US/Estados Unidos/Vereinigte Staaten|25.76|-80.19
Houston|United States/USA/US/Estados Unidos/Vereinigte Staaten|29.76|-95.37
Dallas|United States/USA/US/Estados Unidos/Vereinigte Staaten|32.78|-96.8
Austin|United States/USA/US/Estados Unidos/Vereinigte Staaten|30.27|-97.74
Denver|United States/USA/US/Estados Unidos/Vereinigte Staaten|39.74|-104.99
Atlanta|United States/USA/US/Estados Unidos/Vereinigte Staaten|33.75|-84.39
Philadelphia|United States/USA/US/Estados Unidos/Vereinigte Staaten|39.95|-75.17
Phoenix|United States/USA/US/Estados Unidos/Vereinigte Staaten|33.45|-112.07
Las Vegas|United States/USA/US/Estados Unidos/Vereinigte Staaten|36.17|-115.14
Minneapolis|United States/USA/US/Estados Unidos/Vereinigte Staaten|44.98|-93.27
Detroit|United States/USA/US/Estados Unidos/Vereinigte Staaten|42.33|-83.05
San Diego|United States/USA/US/Estados Unidos/Vereinigte Staaten|32.72|-117.16
Portland|United States/USA/US/Estados Unidos/Vereinigte Staaten|45.52|-122.68
Ottawa|Canada/Kanada|45.42|-75.7
Toronto|Canada/Kanada|43.65|-79.38
Montreal/Montréal|Canada/Kanada|45.5|-73.57
Vancouver|Canada/Kanada|49.28|-123.12
Calgary|Canada/Kanada|51.05|-114.07
Mexico City/Ciudad de Mexico/Mexiko-Stadt/CDMX|Mexico/México/Mexiko|19.43|-99.13
Guadalajara|Mexico/México/Mexiko|20.67|-103.35
Monterrey|Mexico/México/Mexiko|25.69|-100.32
Bogota/Bogotá|Colombia/Kolumbien|4.71|-74.07
Medellin/Medellín|Colombia/Kolumbien|6.24|-75.58
Lima|Peru/Perú|-12.05|-77.04
Santiago|Chile|-33.45|-70.67
Buenos Aires|Argentina/Argentinien|-34.6|-58.38
Cordoba|Argentina/Argentinien|-31.42|-64.18
Montevideo|Uruguay|-34.9|-56.16
Brasilia/Brasília|Brazil/Brasil/Brasilien|-15.79|-47.88
Sao Paulo/São Paulo|Brazil/Brasil/Brasilien|-23.55|-46.63
Rio de Janeiro|Brazil/Brasil/Brasilien|-22.91|-43.17
Quito|Ecuador|-0.18|-78.47
Caracas|Venezuela|10.48|-66.9
Panama City/Ciudad de Panama|Panama/Panamá|8.98|-79.52
San Jose|Costa Rica|9.93|-84.08
London|United Kingdom/UK/Great Britain/England/Reino Unido/Vereinigtes Königreich/Großbritannien|51.51|-0.13
Manchester|United Kingdom/UK/Great Britain/England/Reino Unido/Vereinigtes Königreich/Großbritannien|53.48|-2.24
Birmingham|United Kingdom/UK/Great Britain/England/Reino Unido/Vereinigtes Königreich/Großbritannien|52.49|-1.89
Edinburgh|United Kingdom/UK/Great Britain/Scotland/Reino Unido/Vereinigtes Königreich/Großbritannien|55.95|-3.19
Glasgow|United Kingdom/UK/Great Britain/Scotland/Reino Unido/Vereinigtes Königreich/Großbritannien|55.86|-4.25
Dublin|Ireland/Irlanda/Irland|53.35|-6.26
Paris|France/Francia/Frankreich|48.86|2.35
Lyon|France/Francia/Frankreich|45.76|4.84
Marseille/Marsella|France/Francia/Frankreich|43.3|5.37
Toulouse|France/Francia/Frankreich|43.6|1.44
Nice/Niza|France/Francia/Frankreich|43.7|7.27
Madrid|Spain/España/Espana/Spanien|40.42|-3.7
Barcelona|Spain/España/Espana/Spanien|41.39|2.17
Valencia|Spain/España/Espana/Spanien|39.47|-0.38
Seville/Sevilla|Spain/España/Espana/Spanien|37.39|-5.98
Bilbao|Spain/España/Espana/Spanien|43.26|-2.93
Malaga/Málaga|Spain/España/Espana/Spanien|36.72|-4.42
Zaragoza|Spain/España/Espana/Spanien|41.65|-0.89
Lisbon/Lisboa/Lissabon|Portugal|38.72|-9.14
Porto|Portugal|41.15|-8.61
Berlin|Germany/Deutschland/Alemania|52.52|13.4
Hamburg/Hamburgo|Germany/Deutschland/Alemania|53.55|9.99
Munich/München/Muenchen/Múnich|Germany/Deutschland/Alemania|48.14|11.58
Cologne/Köln/Koeln/Colonia|Germany/Deutschland/Alemania|50.94|6.96
Frankfurt/Frankfurt am Main/Fráncfort|Germany/Deutschland/Alemania|50.11|8.68
Stuttgart|Germany/Deutschland/Alemania|48.78|9.18
Düsseldorf/Duesseldorf/Dusseldorf|Germany/Deutschland/Alemania|51.23|6.77
Leipzig|Germany/Deutschland/Alemania|51.34|12.37
Dresden|Germany/Deutschland/Alemania|51.05|13.74
Hanover/Hannover|Germany/Deutschland/Alemania|52.38|9.73
Nuremberg/Nürnberg/Nuernberg|Germany/Deutschland/Alemania|49.45|11.08
Bremen|Germany/Deutschland/Alemania|53.08|8.8
Vienna/Wien/Viena|Austria/Österreich/Oesterreich|48.21|16.37
Graz|Austria/Österreich/Oesterreich|47.07|15.44
Salzburg/Salzburgo|Austria/Österreich/Oesterreich|47.81|13.05
Innsbruck|Austria/Österreich/Oesterreich|47.27|11.39
Bern/Berne/Berna|Switzerland/Schweiz/Suiza|46.95|7.45
Zurich/Zürich|Switzerland/Schweiz/Suiza|47.38|8.54
Geneva/Genf/Ginebra/Genève|Switzerland/Schweiz/Suiza|46.2|6.14
Basel/Basilea|Switzerland/Schweiz/Suiza|47.56|7.59
Amsterdam|Netherlands/Nederland/Países Bajos/Niederlande/Holland|52.37|4.9
Rotterdam|Netherlands/Nederland/Países Bajos/Niederlande/Holland|51.92|4.48
Brussels/Bruxelles/Brüssel/Bruselas|Belgium/Belgique/België/Bélgica/Belgien|50.85|4.35
Antwerp/Antwerpen/Amberes|Belgium/Belgique/België/Bélgica/Belgien|51.22|4.4
Luxembourg/Luxemburg/Luxemburgo|Luxembourg/Luxemburg/Luxemburgo|49.61|6.13
Copenhagen/København/Kopenhagen/Copenhague|Denmark/Danmark/Dinamarca/Dänemark|55.68|12.57
Oslo|Norway/Norge/Noruega/Norwegen|59.91|10.75
Stockholm/Estocolmo|Sweden/Sverige/Suecia/Schweden|59.33|18.07
Gothenburg/Göteborg|Sweden/Sverige/Suecia/Schweden|57.71|11.97
Helsinki|Finland/Suomi/Finlandia/Finnland|60.17|24.94
Reykjavik/Reykjavík|Iceland/Islandia/Island|64.15|-21.94
Rome/Roma/Rom|Italy/Italia/Italien|41.9|12.5
Milan/Milano/Milán/Mailand|Italy/Italia/Italien|45.46|9.19
Naples/Napoli/Nápoles/Neapel|Italy/Italia/Italien|40.85|14.27
Turin/Torino/Turín|Italy/Italia/Italien|45.07|7.69
Florence/Firenze/Florencia/Florenz|Italy/Italia/Italien|43.77|11.26
Venice/Venezia/Venecia/Venedig|Italy/Italia/Italien|45.44|12.32
Athens/Athina/Atenas/Athen|Greece/Grecia/Griechenland|37.98|23.73
Warsaw/Warszawa/Varsovia/Warschau|Poland/Polska/Polonia/Polen|52.23|21.01
Krakow/Kraków/Cracovia/Krakau|Poland/Polska/Polonia/Polen|50.06|19.94
Prague/Praha/Praga/Prag|Czech Republic/Czechia/Chequia/Tschechien|50.08|14.44
Budapest|Hungary/Hungría/Ungarn|47.5|19.04
Bratislava|Slovakia/Eslovaquia/Slowakei|48.15|17.11
Ljubljana|Slovenia/Eslovenia/Slowenien|46.06|14.51
Zagreb|Croatia/Croacia/Kroatien|45.81|15.98
Belgrade/Beograd/Belgrado/Belgrad|Serbia/Serbien|44.79|20.45
Bucharest/București/Bucarest/Bukarest|Romania/Rumanía/Rumänien|44.43|26.1
Sofia|Bulgaria/Bulgarien|42.7|23.32
Kyiv/Kiev/Kiew|Ukraine/Ucrania|50.45|30.52
Vilnius|Lithuania/Lituania/Litauen|54.69|25.28
Riga|Latvia/Letonia/Lettland|56.95|24.11
Tallinn|Estonia/Estland|59.44|24.75
Istanbul/Estambul|Turkey/Türkiye/Turquía/Türkei|41.01|28.98
Ankara|Turkey/Türkiye/Turquía/Türkei|39.93|32.86
Tel Aviv|Israel|32.09|34.78
Dubai|United Arab Emirates/UAE/Emiratos Árabes Unidos/Vereinigte Arabische Emirate|25.2|55.27
Cairo/El Cairo/Kairo|Egypt/Egipto/Ägypten|30.04|31.24
Nairobi|Kenya/Kenia|-1.29|36.82
Lagos|Nigeria|6.52|3.38
Johannesburg/Johannesburgo|South Africa/Sudáfrica/Südafrika|-26.2|28.05
Cape Town/Ciudad del Cabo/Kapstadt|South Africa/Sudáfrica/Südafrika|-33.92|18.42
Casablanca|Morocco/Marruecos/Marokko|33.57|-7.59
Tokyo/Tokio|Japan/Japón/Japan|35.68|139.69
Osaka|Japan/Japón|34.69|135.5
Seoul/Seúl|South Korea/Korea/Corea del Sur/Südkorea|37.57|126.98
Beijing/Pekín/Peking|China|39.9|116.41
Shanghai/Shanghái|China|31.23|121.47
Hong Kong|China/Hong Kong|22.32|114.17
Singapore/Singapur|Singapore/Singapur|1.35|103.82
Bangkok|Thailand/Tailandia|13.76|100.5
New Delhi/Delhi/Nueva Delhi/Neu-Delhi|India/Indien|28.61|77.21
Mumbai/Bombay|India/Indien|19.08|72.88
Sydney/Sídney|Australia/Australien|-33.87|151.21
Melbourne|Australia/Australien|-37.81|144.96
Auckland|New Zealand/Nueva Zelanda/Neuseeland|-36.85|174.76
`;

/** One place of the gazetteer. */
export interface GazetteerPlace {
  /** its names, lower case without accents, English first */
  names: string[];
  /** its country's names, the same way, English first */
  countries: string[];
  /** "City, Country" in English, as the answer labels it */
  label: string;
  lat: number;
  lng: number;
}

/** Lower case, accents and punctuation gone, single spaces: "Zürich, CH" → "zurich ch". */
export function normalizePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The gazetteer, parsed once. */
export const GAZETTEER: readonly GazetteerPlace[] = PLACES.trim()
  .split('\n')
  .map((line) => {
    const [names = '', countries = '', lat = '0', lng = '0'] = line.split('|');
    const nameList = names.split('/');
    const countryList = countries.split('/');
    return {
      names: nameList.map(normalizePlaceText),
      countries: countryList.map(normalizePlaceText),
      label: `${nameList[0]}, ${countryList[0]}`,
      lat: Number(lat),
      lng: Number(lng),
    };
  });
