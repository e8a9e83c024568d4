/**
 * The 50 US states with their two-letter postal codes and a short list of major cities each
 * (DECISIONS.md 16): the creator application's state and city selects, and the server's check
 * that a city belongs to its state. Small enough to ship in the client bundle (about 3 KB
 * gzipped; see docs/decisions/0006), so there is no endpoint for it.
 */

export interface UsState {
  /** Two-letter postal code, e.g. "IL". */
  code: string;
  /** Full name, e.g. "Illinois". */
  label: string;
  /** 5-20 major cities, in alphabetical order. */
  cities: readonly string[];
}

export const US_STATES: readonly UsState[] = [
  { code: "AL", label: "Alabama", cities: ["Auburn", "Birmingham", "Dothan", "Hoover", "Huntsville", "Mobile", "Montgomery", "Tuscaloosa"] },
  { code: "AK", label: "Alaska", cities: ["Anchorage", "Fairbanks", "Juneau", "Kenai", "Ketchikan", "Sitka", "Wasilla"] },
  { code: "AZ", label: "Arizona", cities: ["Chandler", "Flagstaff", "Gilbert", "Glendale", "Mesa", "Phoenix", "Scottsdale", "Tempe", "Tucson", "Yuma"] },
  { code: "AR", label: "Arkansas", cities: ["Bentonville", "Conway", "Fayetteville", "Fort Smith", "Hot Springs", "Jonesboro", "Little Rock", "Rogers", "Springdale"] },
  {
    code: "CA",
    label: "California",
    cities: [
      "Anaheim", "Bakersfield", "Berkeley", "Fresno", "Long Beach", "Los Angeles", "Oakland", "Pasadena", "Riverside",
      "Sacramento", "San Diego", "San Francisco", "San Jose", "Santa Barbara", "Santa Cruz", "Stockton",
    ],
  },
  { code: "CO", label: "Colorado", cities: ["Aurora", "Boulder", "Colorado Springs", "Denver", "Durango", "Fort Collins", "Lakewood", "Pueblo"] },
  { code: "CT", label: "Connecticut", cities: ["Bridgeport", "Hartford", "New Haven", "New London", "Norwalk", "Stamford", "Waterbury"] },
  { code: "DE", label: "Delaware", cities: ["Dover", "Lewes", "Middletown", "Newark", "Rehoboth Beach", "Smyrna", "Wilmington"] },
  {
    code: "FL",
    label: "Florida",
    cities: [
      "Fort Lauderdale", "Gainesville", "Jacksonville", "Key West", "Miami", "Orlando", "Pensacola", "Sarasota",
      "St. Petersburg", "Tallahassee", "Tampa", "West Palm Beach",
    ],
  },
  { code: "GA", label: "Georgia", cities: ["Athens", "Atlanta", "Augusta", "Columbus", "Decatur", "Macon", "Marietta", "Savannah"] },
  { code: "HI", label: "Hawaii", cities: ["Hilo", "Honolulu", "Kahului", "Kailua", "Kapolei", "Lahaina", "Pearl City"] },
  { code: "ID", label: "Idaho", cities: ["Boise", "Coeur d'Alene", "Idaho Falls", "Meridian", "Moscow", "Nampa", "Pocatello", "Twin Falls"] },
  {
    code: "IL",
    label: "Illinois",
    cities: ["Aurora", "Champaign", "Chicago", "Evanston", "Joliet", "Naperville", "Peoria", "Rockford", "Springfield", "Urbana"],
  },
  { code: "IN", label: "Indiana", cities: ["Bloomington", "Carmel", "Evansville", "Fort Wayne", "Gary", "Indianapolis", "Lafayette", "South Bend"] },
  { code: "IA", label: "Iowa", cities: ["Ames", "Cedar Falls", "Cedar Rapids", "Council Bluffs", "Davenport", "Des Moines", "Dubuque", "Iowa City", "Sioux City"] },
  { code: "KS", label: "Kansas", cities: ["Kansas City", "Lawrence", "Manhattan", "Olathe", "Overland Park", "Salina", "Topeka", "Wichita"] },
  { code: "KY", label: "Kentucky", cities: ["Bowling Green", "Covington", "Frankfort", "Lexington", "Louisville", "Owensboro", "Paducah"] },
  { code: "LA", label: "Louisiana", cities: ["Alexandria", "Baton Rouge", "Lafayette", "Lake Charles", "Monroe", "New Orleans", "Shreveport"] },
  { code: "ME", label: "Maine", cities: ["Augusta", "Bangor", "Bar Harbor", "Biddeford", "Brunswick", "Lewiston", "Portland", "South Portland"] },
  { code: "MD", label: "Maryland", cities: ["Annapolis", "Baltimore", "Bethesda", "Columbia", "Frederick", "Gaithersburg", "Rockville", "Silver Spring"] },
  {
    code: "MA",
    label: "Massachusetts",
    cities: ["Boston", "Cambridge", "Lowell", "New Bedford", "Northampton", "Provincetown", "Salem", "Somerville", "Springfield", "Worcester"],
  },
  {
    code: "MI",
    label: "Michigan",
    cities: ["Ann Arbor", "Dearborn", "Detroit", "Flint", "Grand Rapids", "Kalamazoo", "Lansing", "Marquette", "Traverse City"],
  },
  { code: "MN", label: "Minnesota", cities: ["Bloomington", "Duluth", "Mankato", "Minneapolis", "Rochester", "St. Cloud", "St. Paul"] },
  { code: "MS", label: "Mississippi", cities: ["Biloxi", "Gulfport", "Hattiesburg", "Jackson", "Meridian", "Oxford", "Southaven", "Tupelo"] },
  { code: "MO", label: "Missouri", cities: ["Columbia", "Independence", "Jefferson City", "Joplin", "Kansas City", "Springfield", "St. Joseph", "St. Louis"] },
  { code: "MT", label: "Montana", cities: ["Billings", "Bozeman", "Butte", "Great Falls", "Helena", "Kalispell", "Missoula"] },
  { code: "NE", label: "Nebraska", cities: ["Bellevue", "Grand Island", "Kearney", "Lincoln", "North Platte", "Omaha", "Scottsbluff"] },
  { code: "NV", label: "Nevada", cities: ["Carson City", "Elko", "Henderson", "Las Vegas", "North Las Vegas", "Reno", "Sparks"] },
  { code: "NH", label: "New Hampshire", cities: ["Concord", "Dover", "Keene", "Manchester", "Nashua", "Portsmouth", "Rochester"] },
  { code: "NJ", label: "New Jersey", cities: ["Asbury Park", "Atlantic City", "Camden", "Hoboken", "Jersey City", "Newark", "Paterson", "Princeton", "Trenton"] },
  { code: "NM", label: "New Mexico", cities: ["Albuquerque", "Farmington", "Las Cruces", "Rio Rancho", "Roswell", "Santa Fe", "Taos"] },
  {
    code: "NY",
    label: "New York",
    cities: ["Albany", "Brooklyn", "Buffalo", "Ithaca", "New York", "Poughkeepsie", "Rochester", "Saratoga Springs", "Syracuse", "Yonkers"],
  },
  { code: "NC", label: "North Carolina", cities: ["Asheville", "Charlotte", "Durham", "Fayetteville", "Greensboro", "Raleigh", "Wilmington", "Winston-Salem"] },
  { code: "ND", label: "North Dakota", cities: ["Bismarck", "Dickinson", "Fargo", "Grand Forks", "Jamestown", "Minot", "Williston"] },
  { code: "OH", label: "Ohio", cities: ["Akron", "Athens", "Cincinnati", "Cleveland", "Columbus", "Dayton", "Toledo", "Youngstown"] },
  { code: "OK", label: "Oklahoma", cities: ["Broken Arrow", "Edmond", "Lawton", "Norman", "Oklahoma City", "Stillwater", "Tulsa"] },
  { code: "OR", label: "Oregon", cities: ["Ashland", "Bend", "Corvallis", "Eugene", "Medford", "Portland", "Salem"] },
  { code: "PA", label: "Pennsylvania", cities: ["Allentown", "Erie", "Harrisburg", "Lancaster", "Philadelphia", "Pittsburgh", "Reading", "Scranton", "State College"] },
  { code: "RI", label: "Rhode Island", cities: ["Cranston", "Newport", "Pawtucket", "Providence", "Warwick", "Westerly", "Woonsocket"] },
  { code: "SC", label: "South Carolina", cities: ["Charleston", "Columbia", "Greenville", "Mount Pleasant", "Myrtle Beach", "Rock Hill", "Spartanburg"] },
  { code: "SD", label: "South Dakota", cities: ["Aberdeen", "Brookings", "Pierre", "Rapid City", "Sioux Falls", "Spearfish", "Watertown"] },
  { code: "TN", label: "Tennessee", cities: ["Chattanooga", "Clarksville", "Franklin", "Jackson", "Johnson City", "Knoxville", "Memphis", "Murfreesboro", "Nashville"] },
  {
    code: "TX",
    label: "Texas",
    cities: [
      "Amarillo", "Arlington", "Austin", "Corpus Christi", "Dallas", "El Paso", "Fort Worth", "Houston", "Lubbock",
      "Marfa", "Plano", "San Antonio", "Waco",
    ],
  },
  { code: "UT", label: "Utah", cities: ["Logan", "Moab", "Ogden", "Park City", "Provo", "Salt Lake City", "St. George", "West Valley City"] },
  { code: "VT", label: "Vermont", cities: ["Barre", "Bennington", "Brattleboro", "Burlington", "Montpelier", "Rutland", "South Burlington"] },
  { code: "VA", label: "Virginia", cities: ["Alexandria", "Arlington", "Charlottesville", "Chesapeake", "Norfolk", "Richmond", "Roanoke", "Virginia Beach"] },
  { code: "WA", label: "Washington", cities: ["Bellevue", "Bellingham", "Everett", "Olympia", "Seattle", "Spokane", "Tacoma", "Vancouver", "Walla Walla"] },
  { code: "WV", label: "West Virginia", cities: ["Charleston", "Huntington", "Martinsburg", "Morgantown", "Parkersburg", "Shepherdstown", "Wheeling"] },
  { code: "WI", label: "Wisconsin", cities: ["Appleton", "Eau Claire", "Green Bay", "Kenosha", "La Crosse", "Madison", "Milwaukee", "Oshkosh", "Racine"] },
  { code: "WY", label: "Wyoming", cities: ["Casper", "Cheyenne", "Cody", "Gillette", "Jackson", "Laramie", "Rock Springs", "Sheridan"] },
];

/** The 50 codes, in the table's (alphabetical by name) order. */
export const US_STATE_CODES: readonly string[] = US_STATES.map((s) => s.code);

const BY_CODE = new Map(US_STATES.map((s) => [s.code, s]));

/** The state with this code (exact, upper-case), or undefined. */
export function findState(code: string): UsState | undefined {
  return BY_CODE.get(code);
}

/** The state select's option text: 'code - label' (spec §2). */
export function stateOptionLabel(state: UsState): string {
  return `${state.code} - ${state.label}`;
}

/**
 * The city of the state's list that matches `city` ignoring case and surrounding spaces, in the
 * list's own spelling; undefined when the state is unknown or the city is not on its list.
 */
export function findCity(stateCode: string, city: string): string | undefined {
  const wanted = city.trim().toLowerCase();
  return findState(stateCode)?.cities.find((c) => c.toLowerCase() === wanted);
}
