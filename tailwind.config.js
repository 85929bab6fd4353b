/** @type {import('tailwindcss').Config} */
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { 50: "#eef5ff", 100: "#d9e8ff", 500: "#3b6ef5", 600: "#2a56d6", 700: "#2344ab" },
      },
    },
  },
  plugins: [],
};
