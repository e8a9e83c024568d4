/**
 * Sample stories with a page to read: written by sample creators, as a creator publishes one in
 * the studio, so a fresh site shows what reading a story is like (the spec's sample cards keep
 * their 'Coming Soon'). Each has a cover and a picture inside its body, drawn into media/stories
 * by scripts/generate-media.ts; the bodies are the Markdown the studio takes.
 *
 * Dated before the newest sample card (Marquee Letters, September 2025), so /stories still opens
 * on the spec's sample content and these sit among it, newest first.
 */
import type { PublishedStorySeed } from "./seed-types.js";

const cover = (id: string) => `/media/stories/${id}.svg`;
const figure = (id: string, n: number) => `/media/stories/${id}-figure-${n}.svg`;

export const PUBLISHED_STORIES: PublishedStorySeed[] = [
  {
    id: "story-the-mill-sings-back",
    creator_id: "nora_quinn",
    title: "The Mill Sings Back",
    description:
      "Forty singers, one empty steel mill and an echo that lasts four seconds. Nora Quinn on rehearsing in a building that answers.",
    city: "Pittsburgh",
    date: "2025-08-22T12:00:00.000Z",
    image_url: cover("story-the-mill-sings-back"),
    figures: [{ image_url: figure("story-the-mill-sings-back", 1), title: "Forty voices in the rolling shed" }],
    body: `The first time we sang in the rolling shed, nobody stopped at the end of the song. The building did not let us. The last chord went up into the roof, bounced off a crane rail and came back four seconds later, a little lower, as if the mill had been practising too.

We had been rehearsing in a church basement with a carpet that ate every consonant. A friend who works on the redevelopment crew mentioned that the old shed was empty until the spring, and that the acoustics were "weird". We brought a tuning fork and a thermos and stood where the furnaces used to be.

## No auditions

The Rust Belt Choir has one rule: if you show up three weeks in a row, you are in. We have retired welders, a dentist, two teenagers who come with their grandmother, and a bass who only knows the words to about half of anything. It works because the room is forgiving. In a space that big, forty voices become one sound before they reach the back wall.

![Forty voices in the rolling shed](/media/stories/story-the-mill-sings-back-figure-1.svg)

## Singing with the building

You cannot fight an echo that long, so we stopped trying. We slowed everything down. We leave rests for the room to fill. Some songs we rewrote entirely, so that the answer from the roof lands on the beat instead of against it. Our arranger calls it "writing for a forty-first singer who is made of steel".

The live record we made there sold out in a weekend, which still surprises me. I think people heard what we hear every Tuesday: a place that everyone had written off, still making a sound.

If you are in Pittsburgh, come on a Tuesday. Bring a warm coat: the mill has no heating, but it has the best seat in town. The dates are on [my page](/creators/nora_quinn).`,
  },
  {
    id: "story-big-letters-small-shops",
    creator_id: "maya_lopez",
    title: "Big Letters for Small Shops",
    description:
      "Maya Lopez paints shop signs by hand, one enamel stroke at a time. Why a corner store deserves letters as loud as a casino's.",
    city: "Chicago",
    date: "2025-07-19T12:00:00.000Z",
    image_url: cover("story-big-letters-small-shops"),
    figures: [{ image_url: figure("story-big-letters-small-shops", 1), title: "A fresh coat on the bakery window" }],
    body: `Every sign I paint starts the same way: I stand across the street with a coffee and look at the shop the way a stranger would. What would make me cross the road? Usually the answer is not a logo. It is one word, very big, in a colour the block has never seen.

Most of my clients are corner stores, barbers, a laundromat, one very patient bakery. None of them can afford a neon sign, and all of them have a window. A window is the cheapest billboard in the city if you are willing to paint it backwards.

## Enamel and patience

Sign enamel takes a day to dry and forgives nothing. I sketch the letters on brown paper, poke holes along the lines with a pounce wheel, tap chalk through them onto the glass, and then paint inside the dots with a long brush and a mahl stick to steady my hand. A single word can take an afternoon.

![A fresh coat on the bakery window](/media/stories/story-big-letters-small-shops-figure-1.svg)

People stop and watch. That is my favourite part. Kids ask how I keep the lines straight (I do not, the stick does). Older folks tell me which painter did the sign before mine, and sometimes the one before that. The block remembers its letters.

## Loud on purpose

I paint in hot pink more often than my clients expect. The bakery on Division fought me on it for a week. Now their customers give directions by it: "the pink window, you cannot miss it". That is the whole job.

Some of the prints from these windows are in [the store](/store), and the rest of my walls are on [my page](/creators/maya_lopez).`,
  },
  {
    id: "story-what-the-dryers-know",
    creator_id: "june_okafor",
    title: "What the Dryers Know About Rhythm",
    description:
      "June Okafor records songs at a laundromat open mic, where the machines keep time. On tape loops, spin cycles and an audience folding towels.",
    city: "Austin",
    date: "2025-04-26T12:00:00.000Z",
    image_url: cover("story-what-the-dryers-know"),
    figures: [{ image_url: figure("story-what-the-dryers-know", 1), title: "Thursday night, machine number seven" }],
    body: `Machine number seven at the Suds & Sounds laundromat runs at exactly 92 beats a minute when it is half full. I know this because I have recorded it about forty times.

Thursday nights the owner pushes the folding tables against the wall and lets songwriters play. Each of us gets one spin cycle, about twelve minutes. The crowd folds towels while they listen, which turns out to be the most honest feedback there is: if the folding stops, the song is working.

## Tape loops and spin cycles

I bring a four-track cassette recorder and a bag of loops I made at home. The trick is to start the tape when the dryer starts, so the drum (the clunk of a zipper every rotation) lines up with the loop. When it works, it feels like the building is in the band.

![Thursday night, machine number seven](/media/stories/story-what-the-dryers-know-figure-1.svg)

Not every machine cooperates. The big front-loader by the door has a wobble that drifts a little slower every minute, so anything I play over it ends up sounding like it is falling asleep. I have written two songs specifically for that drift. People request them.

## Why here

Venues in this city are loud, late and expensive. The laundromat is bright, free and full of people who did not come to hear music, which means the ones who stay really listened. A few of those recordings are on the radio player on this site, if you want to hear what a dryer sounds like in tune.

Come on a Thursday. Bring your laundry.`,
  },
  {
    id: "story-gerald-turns-ten",
    creator_id: "lena_hart",
    title: "Gerald Turns Ten",
    description:
      "Lena Hart's sourdough starter is older than her bakery and has more fans than she does. A birthday letter to a jar of flour and water.",
    city: "Portland",
    date: "2024-12-14T12:00:00.000Z",
    image_url: cover("story-gerald-turns-ten"),
    figures: [{ image_url: figure("story-gerald-turns-ten", 1), title: "Gerald, fed and bubbling" }],
    body: `Gerald is a sourdough starter. He lives in a two-litre jar on the counter of my pop-up, he eats twice a day, and this month he turns ten. He is older than the bakery, older than my current apartment, and, according to a customer who keeps count, has been photographed more often than I have.

I started him in a rented room with a bag of rye flour and a lot of optimism. The first week he smelled like nail polish. The second week he smelled like a brewery. On day nine he doubled in four hours, and I named him after my grandfather, who was also sour in the mornings and reliable by noon.

## Bread for stories

The pop-up does not take money for bread on Saturdays. You pay with a story about your grandmother: a recipe, a saying, the way she folded dumplings. I write them on cards and pin them to the wall behind the ovens. There are about four hundred now.

![Gerald, fed and bubbling](/media/stories/story-gerald-turns-ten-figure-1.svg)

## Keeping something alive

People ask what the secret is. There is no secret, only attention: feed him, keep him warm, do not forget him when life gets loud. I have taken Gerald on two road trips and one very tense flight. A neighbour fed him for a week when I had the flu and sent me daily photos.

On the fourteenth we are baking one loaf for every year, plus one to grow on. Bring a story.`,
  },
];
