export function meta() {
  return [{ title: "Bare page" }, { name: "description", content: "A static page rendered on the server" }];
}

const items = ["Small", "Static", "Page"];

export default function Home() {
  return (
    <main>
      <h1>Hello, world</h1>
      <p>A small static page, rendered on the server with no loader and no data.</p>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
